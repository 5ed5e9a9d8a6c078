import { api } from '@/app/api';
import type { Card, Favourite, FavouriteIds, FavouriteList, FavouriteSaved } from '@/contract/schema.gen';
import { toApiError } from '@/lib/apiError';

/** The most ads one user can keep (the server refuses more with `wishlist_full`). */
export const WISHLIST_MAX = 300;

const path = (adId: string) => `wishlist/${encodeURIComponent(adId)}`;

/** The favourites page lists (every cursor) share this tag; the ids have their own. */
const LIST_TAG = { type: 'Wishlist' as const, id: 'LIST' };
const IDS_TAG = { type: 'Wishlist' as const, id: 'IDS' };

/** A card's picture: `imageUrl` as search sends it, else the site path of `thumbKey` (as the API builds it). */
function withImageUrl(card: Card): Card {
  if (card.imageUrl !== undefined && card.imageUrl !== '') return card;
  return card.thumbKey ? { ...card, imageUrl: `/${card.thumbKey}` } : card;
}

function withImages(item: Favourite): Favourite {
  return item.card === null ? item : { ...item, card: withImageUrl(item.card) };
}

/**
 * The signed-in user's favourites (the spec's wish list, `/wishlist`): the saved ids (the hearts
 * on cards and ad pages), the list pages of the dashboard, and saving or removing one ad.
 *
 * Saving and removing change the cached ids at once (and removing also takes the ad out of the
 * cached list pages), so a heart responds in one click; a refused call puts the cache back.
 * The ids are cached per user id (the query's argument), so a new sign-in never shows the
 * previous user's hearts.
 */
export const favouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every saved ad id, newest saved first; the argument is the signed-in user's id. */
    getWishlistIds: build.query<string[], string>({
      query: () => 'wishlist/ids',
      transformResponse: (response: FavouriteIds) => response.ids,
      providesTags: [IDS_TAG],
    }),
    getWishlist: build.query<FavouriteList, { cursor?: string }>({
      query: ({ cursor }) =>
        cursor === undefined ? 'wishlist' : `wishlist?${new URLSearchParams({ cursor }).toString()}`,
      transformResponse: (response: FavouriteList) => ({ ...response, items: response.items.map(withImages) }),
      providesTags: [LIST_TAG],
    }),
    saveFavourite: build.mutation<FavouriteSaved, string>({
      query: (adId) => ({ url: path(adId), method: 'PUT' }),
      async onQueryStarted(adId, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const patches = favouritesApi.util
          .selectCachedArgsForQuery(lifecycle.getState(), 'getWishlistIds')
          .map((userId) =>
            dispatch(
              favouritesApi.util.updateQueryData('getWishlistIds', userId, (ids) => {
                if (!ids.includes(adId)) ids.unshift(adId);
              }),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      // The ids are already right; the dashboard list gains the ad.
      invalidatesTags: [LIST_TAG],
    }),
    /** Removes an ad; one that was not saved (404 `wishlist_not_found`) is gone already: success. */
    removeFavourite: build.mutation<undefined, string>({
      async queryFn(adId, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: path(adId), method: 'DELETE' });
        if (result.error && toApiError(result.error).code !== 'wishlist_not_found') return { error: result.error };
        return { data: undefined };
      },
      async onQueryStarted(adId, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const state = lifecycle.getState();
        const patches = [
          ...favouritesApi.util
            .selectCachedArgsForQuery(state, 'getWishlistIds')
            .map((userId) =>
              dispatch(
                favouritesApi.util.updateQueryData('getWishlistIds', userId, (ids) => ids.filter((id) => id !== adId)),
              ),
            ),
          ...favouritesApi.util.selectCachedArgsForQuery(state, 'getWishlist').map((query) =>
            dispatch(
              favouritesApi.util.updateQueryData('getWishlist', query, (page) => {
                page.items = page.items.filter((item) => item.adId !== adId);
              }),
            ),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      // The page refills from the next one.
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const { useGetWishlistIdsQuery, useGetWishlistQuery, useSaveFavouriteMutation, useRemoveFavouriteMutation } =
  favouritesApi;
