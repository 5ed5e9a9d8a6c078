import { api } from '@/app/api';
import type {
  ImageUpload,
  ImageUploadRequest,
  MyAd,
  MyAdList,
  MySubscriptions,
  ProductDetail,
  ProductInput,
} from '@/contract/schema.gen';

/** The cache entry of the seller's own list; every change to one of their ads invalidates it. */
const MY_ADS_TAG = { type: 'Product', id: 'MY_ADS' } as const;
/** One ad's entry, shared with the buyer's catalogue (an edit refreshes what buyers see). */
const adTag = (id: string) => ({ type: 'Product', id }) as const;
const adPath = (id: string) => `products/${encodeURIComponent(id)}`;

/**
 * "My ads", the seller's side of the catalogue (issue 4): their ads, the draft -> publish flow,
 * status, photos (presigned uploads) and the subscriptions that allow publishing. The endpoint
 * names say "my ad(s)" so they never collide with the buyer's catalogue; the reference lists the
 * ad form needs (categories, brands, localities) come from app/referenceApi.
 */
export const myAdsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAds: build.query<MyAdList, { status?: MyAd['status']; cursor?: string }>({
      query: ({ status, cursor }) => {
        const params = new URLSearchParams();
        if (status !== undefined) params.set('status', status);
        if (cursor !== undefined) params.set('cursor', cursor);
        const qs = params.toString();
        return `products/mine${qs ? `?${qs}` : ''}`;
      },
      providesTags: (result) => [MY_ADS_TAG, ...(result?.items ?? []).map((ad) => adTag(ad.id))],
    }),
    getMyAd: build.query<ProductDetail, string>({
      query: (id) => adPath(id),
      providesTags: (_result, _error, id) => [adTag(id)],
    }),
    createMyAd: build.mutation<ProductDetail, ProductInput>({
      query: (body) => ({ url: 'products', method: 'POST', body }),
      invalidatesTags: [MY_ADS_TAG],
    }),
    updateMyAd: build.mutation<ProductDetail, { id: string; input: ProductInput }>({
      query: ({ id, input }) => ({ url: adPath(id), method: 'PATCH', body: input }),
      invalidatesTags: (_result, _error, { id }) => [adTag(id), MY_ADS_TAG],
    }),
    deleteMyAd: build.mutation<undefined, string>({
      query: (id) => ({ url: adPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [adTag(id), MY_ADS_TAG],
    }),
    /** Publishing consumes one ad of the seller's subscription. */
    publishMyAd: build.mutation<ProductDetail, string>({
      query: (id) => ({ url: `${adPath(id)}/publish`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [adTag(id), MY_ADS_TAG, 'Subscription'],
    }),
    setMyAdStatus: build.mutation<
      ProductDetail,
      { id: string; status: Extract<MyAd['status'], 'active' | 'inactive'> }
    >({
      query: ({ id, status }) => ({ url: `${adPath(id)}/status`, method: 'PATCH', body: { status } }),
      invalidatesTags: (_result, _error, { id }) => [adTag(id), MY_ADS_TAG],
    }),
    /** A pending image and the presigned PUT for its bytes. */
    requestMyAdImageUpload: build.mutation<ImageUpload, ImageUploadRequest & { productId: string }>({
      query: ({ productId, contentType, size }) => ({
        url: `${adPath(productId)}/images`,
        method: 'POST',
        body: { contentType, size },
      }),
      invalidatesTags: (_result, _error, { productId }) => [adTag(productId)],
    }),
    setMyAdMainImage: build.mutation<ProductDetail, { productId: string; imageId: string }>({
      query: ({ productId, imageId }) => ({
        url: `${adPath(productId)}/images/${encodeURIComponent(imageId)}`,
        method: 'PATCH',
        body: { main: true },
      }),
      invalidatesTags: (_result, _error, { productId }) => [adTag(productId), MY_ADS_TAG],
    }),
    deleteMyAdImage: build.mutation<undefined, { productId: string; imageId: string }>({
      query: ({ productId, imageId }) => ({
        url: `${adPath(productId)}/images/${encodeURIComponent(imageId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { productId }) => [adTag(productId), MY_ADS_TAG],
    }),
    getSellerSubscriptions: build.query<MySubscriptions, undefined>({
      query: () => 'subscriptions/me',
      providesTags: ['Subscription'],
    }),
  }),
});

export const {
  useGetMyAdsQuery,
  useGetMyAdQuery,
  useCreateMyAdMutation,
  useUpdateMyAdMutation,
  useDeleteMyAdMutation,
  usePublishMyAdMutation,
  useSetMyAdStatusMutation,
  useRequestMyAdImageUploadMutation,
  useSetMyAdMainImageMutation,
  useDeleteMyAdImageMutation,
  useGetSellerSubscriptionsQuery,
} = myAdsApi;
