import { useCategoryNamer } from '@/app/SavedSearchComposition';
import { SavedSearchesPage } from '@/features/savedSearches/SavedSearchesPage';

/** `user/saved-searches`: the saved searches, their categories named by the catalogue. */
export function SavedSearchesRoute() {
  return <SavedSearchesPage categoryName={useCategoryNamer()} />;
}
