import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  BrandField,
  CategorySelect,
  ConditionRadios,
  MaxPriceField,
  RadiusSelect,
  type ConditionChoice,
} from '@/features/catalogue/fields';
import { LocalityField, locationCriterion } from '@/features/catalogue/LocalityField';
import { paths } from '@/lib/paths';
import {
  criteriaToSearchParams,
  DEFAULT_RADIUS_KM,
  normalizeCriteria,
  type SearchCriteria,
} from '@/lib/searchCriteria';
import { useLang } from '@/lib/useLang';
import './catalogue.css';

type LocationMode = 'country' | 'area';

export interface QuickSearchValues {
  category: string;
  brand: string;
  condition: ConditionChoice;
  maxPrice: string;
  locationMode: LocationMode;
  location: string;
  radiusKm: number;
}

const INITIAL: QuickSearchValues = {
  category: '',
  brand: '',
  condition: 'any',
  maxPrice: '',
  locationMode: 'country',
  location: '',
  radiusKm: DEFAULT_RADIUS_KM,
};

/** What the form's values mean as search criteria ("all"/"any"/"whole country" mean no filter). */
export function toCriteria(values: QuickSearchValues): SearchCriteria {
  const location = values.locationMode === 'area' ? locationCriterion(values.location) : '';
  return normalizeCriteria({
    category: values.category,
    brand: values.brand,
    condition: values.condition === 'any' ? undefined : values.condition,
    maxPrice: values.maxPrice,
    location,
    radiusKm: location ? values.radiusKm : undefined,
  });
}

/**
 * The home page's quick search (spec §2): category, brand, new or used, price up to, and the
 * whole country or an area around a city or postal code. Submitting opens `/{lang}/products?…`
 * with the criteria as query parameters (lib/searchCriteria.ts).
 */
export function QuickSearch() {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<QuickSearchValues>(INITIAL);

  function set<K extends keyof QuickSearchValues>(key: K, value: QuickSearchValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(paths.products(lang, criteriaToSearchParams(toCriteria(values))));
  }

  const inArea = values.locationMode === 'area';

  return (
    <form className="quick-search" onSubmit={onSubmit} aria-labelledby={`${id}-title`} role="search">
      <h2 id={`${id}-title`} className="quick-search__title">
        {t('quickSearch.title')}
      </h2>

      <div className="quick-search__grid">
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
        <MaxPriceField
          id={`${id}-price`}
          value={values.maxPrice}
          onChange={(value) => {
            set('maxPrice', value);
          }}
        />
        <ConditionRadios
          id={`${id}-condition`}
          value={values.condition}
          onChange={(value) => {
            set('condition', value);
          }}
        />

        <fieldset className="field choice-group quick-search__location">
          <legend>{t('quickSearch.location')}</legend>
          <label className="choice">
            <input
              type="radio"
              name={`${id}-location-mode`}
              value="country"
              checked={!inArea}
              onChange={() => {
                set('locationMode', 'country');
              }}
            />
            {t('quickSearch.wholeCountry')}
          </label>
          <label className="choice">
            <input
              type="radio"
              name={`${id}-location-mode`}
              value="area"
              checked={inArea}
              onChange={() => {
                set('locationMode', 'area');
              }}
            />
            {t('quickSearch.area')}
          </label>
          <div className="quick-search__area">
            <LocalityField
              label={t('filters.location')}
              value={values.location}
              disabled={!inArea}
              onChange={(value) => {
                set('location', value);
              }}
            />
            <RadiusSelect
              id={`${id}-radius`}
              value={values.radiusKm}
              disabled={!inArea}
              onChange={(value) => {
                set('radiusKm', value);
              }}
            />
          </div>
        </fieldset>
      </div>

      <div className="quick-search__actions">
        <button type="submit" className="button">
          {t('quickSearch.submit')}
        </button>
        <Link to={paths.products(lang)} className="quick-search__advanced">
          {t('quickSearch.advanced')}
        </Link>
      </div>
    </form>
  );
}
