import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { bootHydrate } from '@/app/boot';
import { readTokenCookie } from '@/lib/authToken';
import { apiBaseUrl } from '@/lib/env';

/** Cache tags, declared once for the whole app (spec §3, plus `Wishlist` for the favourites and
 * `SavedSearches` for the search alerts). */
export const TAG_TYPES = [
  'User',
  'Product',
  'Subscription',
  'SubscriptionPlan',
  'Payment',
  'Reviews',
  'Contact',
  'Report',
  'Settings',
  'ContactUs',
  'Wishlist',
  'SavedSearches',
] as const;

/** Requests give up after this long and fail with TIMEOUT_ERROR. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The one RTK Query API of the app (base `/api/v1`). Features add their endpoints with
 * `api.injectEndpoints` in their own `api.ts`, so automatic tag invalidation works across them.
 * Every request carries `Authorization: Bearer <token>` when the `token` cookie is set.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: apiBaseUrl(),
    timeout: REQUEST_TIMEOUT_MS,
    prepareHeaders: (headers) => {
      const token = readTokenCookie();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  // The data the server inlined into the page (app/boot.ts), taken in before the first render.
  // RTK Query's rehydration reads only `queries`, `mutations` and `provided` of the state it is
  // given (BootState); the cast stands for the rest of its state type, which it never reads.
  extractRehydrationInfo: (action) => (bootHydrate.match(action) ? (action.payload as never) : undefined),
  endpoints: () => ({}),
});
