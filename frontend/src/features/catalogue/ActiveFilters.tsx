import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useGetCategoriesQuery } from '@/app/referenceApi';
import { CloseIcon } from '@/components/icons';
import type { Locality } from '@/contract/schema.gen';
import { cantonName } from '@/features/catalogue/cantons';
import { categoryName } from '@/features/catalogue/categories';
import { localityText } from '@/features/catalogue/format';
import type { Language } from '@/lib/languages';
import { formatMoney } from '@/lib/money';
import { ALL_CATEGORIES, DEFAULT_RADIUS_KM, normalizeCriteria, type SearchCriteria } from '@/lib/searchCriteria';
import { useLang } from '@/lib/useLang';

/** One active filter: what it is called, its value, and the search without it. */
export interface FilterChip {
  key: keyof SearchCriteria;
  label: string;
  value: string;
  without: SearchCriteria;
}

/**
 * The chips of a search's filters, in the filter form's order (the sort is not a filter). A
 * location carries its radius: removing it removes both.
 */
export function filterChips(
  criteria: SearchCriteria,
  context: {
    t: TFunction<'catalogue'>;
    lang: Language;
    categoryName: (slug: string) => string;
    place: Locality | undefined;
  },
): FilterChip[] {
  const { t, lang } = context;
  const c = normalizeCriteria(criteria);
  const chips: FilterChip[] = [];
  const add = (key: keyof SearchCriteria, label: string, value: string, drop: (keyof SearchCriteria)[] = [key]) => {
    const without = normalizeCriteria(
      Object.fromEntries(Object.entries(c).filter(([field]) => !drop.includes(field as keyof SearchCriteria))),
    );
    chips.push({ key, label, value, without });
  };
  if (c.q !== undefined) add('q', t('filters.q'), c.q);
  if (c.category !== undefined && c.category !== ALL_CATEGORIES) {
    add('category', t('filters.category'), context.categoryName(c.category));
  }
  if (c.brand !== undefined) add('brand', t('filters.brand'), c.brand);
  if (c.condition !== undefined) add('condition', t('filters.condition'), t(`condition.${c.condition}`));
  if (c.maxPrice !== undefined) add('maxPrice', t('chips.maxPrice'), formatMoney(Math.round(c.maxPrice * 100)));
  if (c.location !== undefined) {
    const place = context.place ? localityText(context.place) : c.location;
    add('location', t('chips.near'), t('chips.radius', { place, radius: c.radiusKm ?? DEFAULT_RADIUS_KM }), [
      'location',
      'radiusKm',
    ]);
  }
  if (c.canton !== undefined) add('canton', t('filters.canton'), cantonName(c.canton, lang));
  return chips;
}

interface ActiveFiltersProps {
  criteria: SearchCriteria;
  /** The place the server understood for the location, when known. */
  place: Locality | undefined;
  onSearch: (criteria: SearchCriteria) => void;
}

/**
 * The active filters as chips above the results: each one a button that removes its filter
 * ("Remove filter: Brand Makita"), and "clear all" (which keeps the sort).
 */
export function ActiveFilters({ criteria, place, onSearch }: ActiveFiltersProps) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const { data: categories } = useGetCategoriesQuery(undefined);
  const chips = filterChips(criteria, {
    t,
    lang,
    place,
    categoryName: (slug) => categoryName(categories, slug, lang),
  });
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips">
      <ul className="filter-chips__list" aria-label={t('chips.label')}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="filter-chip"
              aria-label={t('chips.remove', { filter: `${chip.label} ${chip.value}` })}
              onClick={() => {
                onSearch(chip.without);
              }}
            >
              <span className="filter-chip__label">{chip.label}</span> {chip.value}
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button
          type="button"
          className="catalogue-quiet-button filter-chips__clear"
          onClick={() => {
            onSearch(criteria.sort === undefined ? {} : { sort: criteria.sort });
          }}
        >
          {t('chips.clearAll')}
        </button>
      )}
    </div>
  );
}
