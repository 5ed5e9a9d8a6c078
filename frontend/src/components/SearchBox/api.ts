import { api } from '@/app/api';
import type { Suggestion, SuggestionList } from '@/contract/schema.gen';
import type { Language } from '@/lib/languages';

/** Suggestions depend only on the catalogue: they hang under `Product` like the other lists. */
const SUGGESTIONS_TAG = { type: 'Product', id: 'SUGGESTIONS' } as const;

export interface SuggestionArgs {
  q: string;
  lang: Language;
}

/** `GET /suggestions`: categories (named in `lang`), brands and title words matching `q`. */
export const suggestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSuggestions: build.query<Suggestion[], SuggestionArgs>({
      query: ({ q, lang }) => `suggestions?${new URLSearchParams({ q, lang }).toString()}`,
      transformResponse: (response: SuggestionList) => response.items,
      providesTags: [SUGGESTIONS_TAG],
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useGetSuggestionsQuery } = suggestionsApi;
