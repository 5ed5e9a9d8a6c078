import { useCallback } from 'react';
import { useAppSelector } from '@/app/hooks';
import { useGetCategoriesQuery } from '@/app/referenceApi';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { categoryName } from '@/features/catalogue/categories';
import type { SearchActionRender } from '@/features/catalogue/ProductSearch';
import { SaveSearchButton } from '@/features/savedSearches/SaveSearchButton';
import { useLang } from '@/lib/useLang';

/** A category slug's name in the UI language, from the catalogue's (cached) category tree. */
export function useCategoryNamer(): (slug: string) => string {
  const lang = useLang();
  const { data: categories } = useGetCategoriesQuery(undefined);
  return useCallback((slug: string) => categoryName(categories, slug, lang), [categories, lang]);
}

function SaveSearchAction({ criteria, place }: Parameters<SearchActionRender>[0]) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const namer = useCategoryNamer();
  return <SaveSearchButton criteria={criteria} place={place} categoryName={namer} signedIn={signedIn} />;
}

/** "Save this search" on the product list (the saved searches feature, named by the catalogue). */
export const saveSearchAction: SearchActionRender = (search) => <SaveSearchAction {...search} />;
