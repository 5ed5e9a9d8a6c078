import { api } from '@/app/api';
import type {
  Brand,
  BrandList,
  Category,
  CategoryList,
  ImageUpload,
  ImageUploadRequest,
  Locality,
  LocalityList,
  MyAd,
  MyAdList,
  MySubscriptions,
  ProductDetail,
  ProductInput,
} from '@/contract/schema.gen';

/** The cache entry of the seller's own list; every change to one of their ads invalidates it. */
const MINE = { type: 'Product', id: 'MINE' } as const;
const product = (id: string) => ({ type: 'Product', id }) as const;
const path = (id: string) => `products/${encodeURIComponent(id)}`;

/**
 * The seller's side of the catalogue (issue 4): their ads, the draft -> publish flow, status,
 * photos (presigned uploads), plus the reference lists the ad form needs. The endpoint names are
 * the seller's own (`…MyAd…`, `getSeller…`) so they never collide with the buyer's catalogue.
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
      providesTags: (result) => [MINE, ...(result?.items ?? []).map((ad) => product(ad.id))],
    }),
    getMyAd: build.query<ProductDetail, string>({
      query: (id) => path(id),
      providesTags: (_result, _error, id) => [product(id)],
    }),
    createMyAd: build.mutation<ProductDetail, ProductInput>({
      query: (body) => ({ url: 'products', method: 'POST', body }),
      invalidatesTags: [MINE],
    }),
    updateMyAd: build.mutation<ProductDetail, { id: string; input: ProductInput }>({
      query: ({ id, input }) => ({ url: path(id), method: 'PATCH', body: input }),
      invalidatesTags: (_result, _error, { id }) => [product(id), MINE],
    }),
    deleteMyAd: build.mutation<undefined, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [product(id), MINE],
    }),
    /** Publishing consumes one ad of the seller's subscription. */
    publishMyAd: build.mutation<ProductDetail, string>({
      query: (id) => ({ url: `${path(id)}/publish`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [product(id), MINE, 'Subscription'],
    }),
    setMyAdStatus: build.mutation<
      ProductDetail,
      { id: string; status: Extract<MyAd['status'], 'active' | 'inactive'> }
    >({
      query: ({ id, status }) => ({ url: `${path(id)}/status`, method: 'PATCH', body: { status } }),
      invalidatesTags: (_result, _error, { id }) => [product(id), MINE],
    }),
    /** A pending image and the presigned PUT for its bytes. */
    requestMyAdImageUpload: build.mutation<ImageUpload, ImageUploadRequest & { productId: string }>({
      query: ({ productId, contentType, size }) => ({
        url: `${path(productId)}/images`,
        method: 'POST',
        body: { contentType, size },
      }),
      invalidatesTags: (_result, _error, { productId }) => [product(productId)],
    }),
    setMyAdMainImage: build.mutation<ProductDetail, { productId: string; imageId: string }>({
      query: ({ productId, imageId }) => ({
        url: `${path(productId)}/images/${encodeURIComponent(imageId)}`,
        method: 'PATCH',
        body: { main: true },
      }),
      invalidatesTags: (_result, _error, { productId }) => [product(productId), MINE],
    }),
    deleteMyAdImage: build.mutation<undefined, { productId: string; imageId: string }>({
      query: ({ productId, imageId }) => ({
        url: `${path(productId)}/images/${encodeURIComponent(imageId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { productId }) => [product(productId), MINE],
    }),
    getSellerCategories: build.query<Category[], undefined>({
      query: () => 'categories',
      transformResponse: (response: CategoryList) => response.items,
      keepUnusedDataFor: 600,
    }),
    getSellerBrands: build.query<Brand[], undefined>({
      query: () => 'brands',
      transformResponse: (response: BrandList) => response.items,
      keepUnusedDataFor: 600,
    }),
    /** Swiss localities whose postal code or name starts with `q` (at least 2 characters). */
    getSellerLocalities: build.query<Locality[], string>({
      query: (q) => `localities?${new URLSearchParams({ q }).toString()}`,
      transformResponse: (response: LocalityList) => response.items,
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
  useGetSellerCategoriesQuery,
  useGetSellerBrandsQuery,
  useGetSellerLocalitiesQuery,
  useGetSellerSubscriptionsQuery,
} = myAdsApi;
