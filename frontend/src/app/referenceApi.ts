import { api } from '@/app/api';
import type { Brand, BrandList, Category, CategoryList, Locality, LocalityList } from '@/contract/schema.gen';
import { parseSettings, type Settings } from '@/lib/settings';

/**
 * Cache tags of the reference lists. They hang under `Product` so that what refreshes the
 * catalogue refreshes them too; the back office's category and brand editors invalidate them.
 */
export const CATEGORIES_TAG = { type: 'Product', id: 'CATEGORIES' } as const;
export const BRANDS_TAG = { type: 'Product', id: 'BRANDS' } as const;
const LOCALITIES_TAG = { type: 'Product', id: 'LOCALITIES' } as const;

/**
 * The public reference data every feature reads: the start-up settings, the category tree, the
 * brands and the Swiss localities. Each read is declared here once, so buyers, sellers and the
 * back office share one cache entry per list and one invalidation (`Settings`, CATEGORIES_TAG,
 * BRANDS_TAG). It imports no feature, so the home page carries nothing of the back office.
 */
export const referenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /settings`: languages, currency, limits and flags; each bad field falls back alone. */
    getSettings: build.query<Settings, undefined>({
      query: () => 'settings',
      transformResponse: (raw: unknown) => parseSettings(raw),
      providesTags: ['Settings'],
    }),
    getCategories: build.query<Category[], undefined>({
      query: () => 'categories',
      transformResponse: (response: CategoryList) => response.items,
      providesTags: [CATEGORIES_TAG],
      keepUnusedDataFor: 600,
    }),
    /**
     * The number of active ads of each category (sub-categories included), by slug, from the same
     * answer as the tree (the home page's tiles); empty when the server could not count.
     */
    getCategoryCounts: build.query<Record<string, number>, undefined>({
      query: () => 'categories',
      transformResponse: (response: CategoryList) => response.counts ?? {},
      providesTags: [CATEGORIES_TAG],
    }),
    getBrands: build.query<Brand[], undefined>({
      query: () => 'brands',
      transformResponse: (response: BrandList) => response.items,
      providesTags: [BRANDS_TAG],
      keepUnusedDataFor: 600,
    }),
    /** Autocomplete: localities whose postal code or name starts with `q` (≥ 2 characters). */
    getLocalities: build.query<Locality[], string>({
      query: (q) => `localities?${new URLSearchParams({ q }).toString()}`,
      transformResponse: (response: LocalityList) => response.items,
      providesTags: [LOCALITIES_TAG],
      keepUnusedDataFor: 300,
    }),
  }),
});

export const {
  useGetSettingsQuery,
  useGetCategoriesQuery,
  useGetCategoryCountsQuery,
  useGetBrandsQuery,
  useGetLocalitiesQuery,
} = referenceApi;

/** Starts loading the settings before React renders, in parallel with the dictionaries. */
export const prefetchSettings = () => referenceApi.util.prefetch('getSettings', undefined, {});
