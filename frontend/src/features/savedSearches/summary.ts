import type { TFunction } from 'i18next';
import type { SavedSearch } from '@/contract/schema.gen';
import type { Language } from '@/lib/languages';
import { formatMoney } from '@/lib/money';
import { ALL_CATEGORIES, DEFAULT_RADIUS_KM, searchParamsToCriteria } from '@/lib/searchCriteria';

/** The name of a category slug in the UI language (the app passes the catalogue's). */
export type CategoryNamer = (slug: string) => string;

/**
 * A saved search's filters in words, in the order the product list shows them: the text, the
 * category, the brand, the condition, the price limit, the area and the canton.
 */
export function summaryParts(
  search: Pick<SavedSearch, 'params' | 'place'>,
  t: TFunction<'savedSearches'>,
  lang: Language,
  categoryName: CategoryNamer,
): string[] {
  const criteria = searchParamsToCriteria(new URLSearchParams(search.params));
  const parts: string[] = [];
  if (criteria.q !== undefined) parts.push(t('summary.text', { text: criteria.q }));
  if (criteria.category !== undefined && criteria.category !== ALL_CATEGORIES)
    parts.push(categoryName(criteria.category));
  if (criteria.brand !== undefined) parts.push(t('summary.brand', { brand: criteria.brand }));
  if (criteria.condition !== undefined) parts.push(t(`summary.condition.${criteria.condition}`));
  if (criteria.maxPrice !== undefined)
    parts.push(t('summary.maxPrice', { price: formatMoney(Math.round(criteria.maxPrice * 100), 'CHF', lang) }));
  if (criteria.location !== undefined)
    parts.push(
      t('summary.around', {
        place: search.place ?? criteria.location,
        radius: criteria.radiusKm ?? DEFAULT_RADIUS_KM,
      }),
    );
  if (criteria.canton !== undefined) parts.push(t('summary.canton', { canton: criteria.canton }));
  return parts;
}
