import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BrandField,
  CantonSelect,
  CategorySelect,
  ConditionRadios,
  MaxPriceField,
  RadiusSelect,
  type ConditionChoice,
} from '@/features/catalogue/fields';
import { LocalityField, locationCriterion } from '@/features/catalogue/LocalityField';
import {
  ALL_CATEGORIES,
  DEFAULT_RADIUS_KM,
  normalizeCriteria,
  TEXT_LIMITS,
  type SearchCriteria,
  type Sort,
} from '@/lib/searchCriteria';

/** The filter form's values: text as typed, '' or 'any' for "no filter". */
export interface FilterValues {
  q: string;
  category: string;
  brand: string;
  condition: ConditionChoice;
  maxPrice: string;
  location: string;
  radiusKm: number;
  canton: string;
}

/** The form's starting values for the search in the URL. */
export function valuesFromCriteria(criteria: SearchCriteria): FilterValues {
  return {
    q: criteria.q ?? '',
    category: criteria.category === ALL_CATEGORIES ? '' : (criteria.category ?? ''),
    brand: criteria.brand ?? '',
    condition: criteria.condition ?? 'any',
    maxPrice: criteria.maxPrice === undefined ? '' : String(criteria.maxPrice),
    location: criteria.location ?? '',
    radiusKm: criteria.radiusKm ?? DEFAULT_RADIUS_KM,
    canton: criteria.canton ?? '',
  };
}

/** What the form asks for (the radius only together with a location). */
export function criteriaFromValues(values: FilterValues, sort?: Sort): SearchCriteria {
  const location = locationCriterion(values.location);
  return normalizeCriteria({
    q: values.q,
    category: values.category,
    brand: values.brand,
    condition: values.condition === 'any' ? undefined : values.condition,
    maxPrice: values.maxPrice,
    location,
    radiusKm: location ? values.radiusKm : undefined,
    canton: values.canton,
    sort,
  });
}

interface SearchFiltersProps {
  criteria: SearchCriteria;
  onSearch: (criteria: SearchCriteria) => void;
  /** Why the server refused the location, already translated. */
  locationError?: string | undefined;
  /** The place the server understood, shown as a hint under the location. */
  placeHint?: string | undefined;
}

/**
 * The product list's filters: text, category, brand, condition, maximum price, location with
 * radius, canton. Applying them opens the first page of the new search (the sort is kept).
 */
export function SearchFilters({ criteria, onSearch, locationError, placeHint }: SearchFiltersProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const [values, setValues] = useState<FilterValues>(() => valuesFromCriteria(criteria));

  function set<K extends keyof FilterValues>(key: K, value: FilterValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(criteriaFromValues(values, criteria.sort));
  }

  return (
    <form className="filters" role="search" aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
      <h2 id={`${id}-title`} className="filters__title">
        {t('filters.title')}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-q`}>{t('filters.q')}</label>
        <input
          id={`${id}-q`}
          type="search"
          maxLength={TEXT_LIMITS.q}
          value={values.q}
          onChange={(event) => {
            set('q', event.target.value);
          }}
        />
      </div>
      <CategorySelect
        id={`${id}-category`}
        value={values.category}
        onChange={(value) => {
          set('category', value);
        }}
      />
      <BrandField
        id={`${id}-brand`}
        value={values.brand}
        onChange={(value) => {
          set('brand', value);
        }}
      />
      <ConditionRadios
        id={`${id}-condition`}
        value={values.condition}
        onChange={(value) => {
          set('condition', value);
        }}
      />
      <MaxPriceField
        id={`${id}-price`}
        value={values.maxPrice}
        onChange={(value) => {
          set('maxPrice', value);
        }}
      />
      <LocalityField
        label={t('filters.location')}
        value={values.location}
        error={locationError}
        hint={locationError ? undefined : placeHint}
        onChange={(value) => {
          set('location', value);
        }}
      />
      <RadiusSelect
        id={`${id}-radius`}
        value={values.radiusKm}
        disabled={values.location.trim() === ''}
        onChange={(value) => {
          set('radiusKm', value);
        }}
      />
      <CantonSelect
        id={`${id}-canton`}
        value={values.canton}
        onChange={(value) => {
          set('canton', value);
        }}
      />
      <button type="submit" className="button">
        {t('filters.submit')}
      </button>
    </form>
  );
}
