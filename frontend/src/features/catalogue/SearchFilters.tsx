import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
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
  criteriaToSearchParams,
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

/** How long typed text (search words, brand, price) settles before the list follows it. */
export const FILTER_DEBOUNCE_MS = 400;

/** A location is applied as soon as it names a place unambiguously: a postal code, a chosen suggestion or nothing. */
const COMPLETE_LOCATION = /^(\d{4}(\s+\S.*)?)?$/;

function criteriaKey(criteria: SearchCriteria): string {
  return criteriaToSearchParams(criteria).toString();
}

interface SearchFiltersProps {
  criteria: SearchCriteria;
  onSearch: (criteria: SearchCriteria) => void;
  /** Why the server refused the location, already translated. */
  locationError?: string | undefined;
  /** The place the server understood, shown as a hint under the location. */
  placeHint?: string | undefined;
  /** The submit button's text ("Show 1’234 results"). */
  submitLabel: string;
  /** After the form was submitted (the phone sheet closes). */
  onSubmitted?: (() => void) | undefined;
}

/**
 * The product list's filters: text, category, brand, condition, maximum price, location with
 * radius, canton. They apply as they change, each opening the first page of the new search (the
 * sort is kept): choices at once, typed text once it has settled for FILTER_DEBOUNCE_MS (so
 * typing sends no request per key), a location once it names a place (a postal code, a chosen
 * suggestion) or when the field is left. Enter and the submit button apply everything at once.
 * When the URL changes otherwise (a chip removed, back/forward), the form takes its values.
 */
export function SearchFilters({
  criteria,
  onSearch,
  locationError,
  placeHint,
  submitLabel,
  onSubmitted,
}: SearchFiltersProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const urlKey = criteriaKey(criteria);
  const [values, setValues] = useState<FilterValues>(() => valuesFromCriteria(criteria));
  // The location the search uses; the field's text may be a place still being typed.
  const [location, setLocation] = useState(() => values.location);
  // The URL this form last saw and the search it last asked for: a new URL that is not that
  // search came from elsewhere, and the form takes its values.
  const [seen, setSeen] = useState({ url: urlKey, applied: urlKey });
  if (seen.url !== urlKey) {
    setSeen({ url: urlKey, applied: urlKey });
    if (urlKey !== seen.applied) {
      const next = valuesFromCriteria(criteria);
      setValues(next);
      setLocation(next.location);
    }
  }

  // The latest values, for the debounce timer.
  const latest = useRef({ values, location, criteria, onSearch });
  useEffect(() => {
    latest.current = { values, location, criteria, onSearch };
  });

  const apply = useCallback((next: FilterValues, nextLocation: string) => {
    const current = latest.current.criteria;
    const wanted = criteriaFromValues({ ...next, location: nextLocation }, current.sort);
    const key = criteriaKey(wanted);
    if (key === criteriaKey(current)) return;
    setSeen((s) => ({ ...s, applied: key }));
    latest.current.onSearch(wanted);
  }, []);

  // Typed text applies once it has settled.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      apply(latest.current.values, latest.current.location);
    }, FILTER_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [values.q, values.brand, values.maxPrice, apply]);

  /** A typed field: kept, applied by the debounce. */
  function type<K extends 'q' | 'brand' | 'maxPrice'>(key: K, value: FilterValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  /** A choice: applied at once. */
  function choose<K extends keyof FilterValues>(key: K, value: FilterValues[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    apply(next, location);
  }

  function typeLocation(text: string) {
    const next = { ...values, location: text };
    setValues(next);
    if (COMPLETE_LOCATION.test(text.trim())) {
      setLocation(text);
      apply(next, text);
    }
  }

  function commitLocation() {
    setLocation(values.location);
    apply(values, values.location);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setLocation(values.location);
    apply(values, values.location);
    onSubmitted?.();
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
            type('q', event.target.value);
          }}
        />
      </div>
      <CategorySelect
        id={`${id}-category`}
        value={values.category}
        onChange={(value) => {
          choose('category', value);
        }}
      />
      <BrandField
        id={`${id}-brand`}
        value={values.brand}
        onChange={(value) => {
          type('brand', value);
        }}
      />
      <ConditionRadios
        id={`${id}-condition`}
        value={values.condition}
        onChange={(value) => {
          choose('condition', value);
        }}
      />
      <MaxPriceField
        id={`${id}-price`}
        value={values.maxPrice}
        onChange={(value) => {
          type('maxPrice', value);
        }}
      />
      <LocalityField
        label={t('filters.location')}
        value={values.location}
        error={locationError}
        hint={locationError ? undefined : placeHint}
        onChange={typeLocation}
        onBlur={commitLocation}
      />
      <RadiusSelect
        id={`${id}-radius`}
        value={values.radiusKm}
        disabled={values.location.trim() === ''}
        onChange={(value) => {
          choose('radiusKm', value);
        }}
      />
      <CantonSelect
        id={`${id}-canton`}
        value={values.canton}
        onChange={(value) => {
          choose('canton', value);
        }}
      />
      <button type="submit" className="button filters__submit">
        {submitLabel}
      </button>
    </form>
  );
}
