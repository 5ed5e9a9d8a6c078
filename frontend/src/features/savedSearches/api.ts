import { api } from '@/app/api';
import type { SavedSearch, SavedSearchChange, SavedSearchInput, SavedSearchList } from '@/contract/schema.gen';
import { toApiError } from '@/lib/apiError';

const LIST_TAG = { type: 'SavedSearches' as const, id: 'LIST' };

const path = (id: string) => `saved-searches/${encodeURIComponent(id)}`;

/**
 * The signed-in user's saved searches (e-mail alerts for new ads): the dashboard list, saving the
 * product list's search, renaming, changing the frequency, pausing, deleting, and the public
 * one-click unsubscribe of an alert e-mail. Changes show at once in the cached list (put back
 * when the server refuses), then the list is fetched again.
 */
export const savedSearchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSavedSearches: build.query<SavedSearchList, undefined>({
      query: () => 'saved-searches',
      providesTags: [LIST_TAG],
    }),
    createSavedSearch: build.mutation<SavedSearch, SavedSearchInput>({
      query: (body) => ({ url: 'saved-searches', method: 'POST', body }),
      invalidatesTags: [LIST_TAG],
    }),
    updateSavedSearch: build.mutation<SavedSearch, SavedSearchChange & { id: string }>({
      query: ({ id, ...changes }) => ({ url: path(id), method: 'PATCH', body: changes }),
      async onQueryStarted({ id, ...changes }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedSearchesApi.util.updateQueryData('getSavedSearches', undefined, (list) => {
            const item = list.items.find((search) => search.id === id);
            if (item) Object.assign(item, changes);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: [LIST_TAG],
    }),
    /** Deletes a search; one already gone (404 `saved_search_not_found`) counts as deleted. */
    deleteSavedSearch: build.mutation<undefined, string>({
      async queryFn(id, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: path(id), method: 'DELETE' });
        if (result.error && toApiError(result.error).code !== 'saved_search_not_found') return { error: result.error };
        return { data: undefined };
      },
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedSearchesApi.util.updateQueryData('getSavedSearches', undefined, (list) => {
            list.items = list.items.filter((search) => search.id !== id);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: [LIST_TAG],
    }),
    /** The alert e-mail's unsubscribe link (no sign-in needed): pauses the search of `token`. */
    unsubscribeSavedSearch: build.mutation<SavedSearch, string>({
      query: (token) => ({ url: 'saved-searches/unsubscribe', method: 'POST', body: { token } }),
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const {
  useGetSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useUnsubscribeSavedSearchMutation,
} = savedSearchesApi;
