import { api } from '@/app/api';
import type { Card, CardList, ProductDetail, SearchResults, SellerAds } from '@/contract/schema.gen';
import { PAGE_SIZE, searchQueryString, type SearchArgs } from '@/lib/searchQuery';

export { PAGE_SIZE, searchQueryString, type SearchArgs };

/** At most this many ids per batch request (the API's limit). */
export const BATCH_MAX = 24;

const productTags = (items: readonly Card[] | undefined) => [
  { type: 'Product' as const, id: 'LIST' },
  ...(items ?? []).map((item) => ({ type: 'Product' as const, id: item.id })),
];

/**
 * The public catalogue (issue 4): search, the recently-viewed batch, an ad's detail and its similar ads, and the view counter. Lists carry
 * the `Product` tag `LIST` plus one tag per ad, so the seller's edits refresh what buyers see.
 */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.query<SearchResults, SearchArgs>({
      query: (args) => `products?${searchQueryString(args)}`,
      providesTags: (result) => productTags(result?.items),
    }),
    /** Cards of the given ads, in that order; inactive or deleted ads are left out. */
    getProductsBatch: build.query<Card[], readonly string[]>({
      query: (ids) => `products/batch?${new URLSearchParams({ ids: ids.slice(0, BATCH_MAX).join(',') }).toString()}`,
      transformResponse: (response: CardList) => response.items,
      providesTags: (result) => productTags(result),
    }),
    getProduct: build.query<ProductDetail, string>({
      query: (id) => `products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    getSimilarProducts: build.query<Card[], string>({
      query: (id) => `products/${encodeURIComponent(id)}/similar`,
      transformResponse: (response: CardList) => response.items,
      providesTags: (result, _error, id) => [...productTags(result), { type: 'Product', id }],
    }),
    /** A seller's active ads (their public profile), newest first, 24 per page. */
    getSellerAds: build.query<SellerAds, { sellerId: string; cursor?: string }>({
      query: ({ sellerId, cursor }) =>
        `sellers/${encodeURIComponent(sellerId)}/ads${
          cursor === undefined ? '' : `?${new URLSearchParams({ cursor }).toString()}`
        }`,
      providesTags: (result) => productTags(result?.items),
    }),
    /** Counts a view (the server ignores owners, bots and repeats per visitor and day). */
    recordProductView: build.mutation<undefined, { id: string; visitorId: string }>({
      query: ({ id, visitorId }) => ({
        url: `products/${encodeURIComponent(id)}/view`,
        method: 'POST',
        body: { visitorId },
      }),
      // The count is shown to the owner only, who is never counted: nothing to refresh.
      invalidatesTags: [],
    }),
  }),
});

export const {
  useSearchProductsQuery,
  useGetProductsBatchQuery,
  useGetProductQuery,
  useGetSimilarProductsQuery,
  useGetSellerAdsQuery,
  useRecordProductViewMutation,
} = catalogueApi;
