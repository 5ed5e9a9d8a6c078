import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { INTL_LOCALES } from '@/lib/languages';
import { paths } from '@/lib/paths';
import { criteriaToSearchParams, RADIUS_CHOICES_KM, type Condition, type SearchCriteria } from '@/lib/searchCriteria';
import { useLang } from '@/lib/useLang';

/** Category slugs offered until the catalogue provides its own list. */
export const QUICK_SEARCH_CATEGORIES = ['all', 'materials', 'tools', 'machines', 'other'] as const;
type Category = (typeof QUICK_SEARCH_CATEGORIES)[number];

type ConditionChoice = 'any' | Condition;
const CONDITION_CHOICES = [
  { value: 'any', labelKey: 'search.conditionAny' },
  { value: 'new', labelKey: 'search.conditionNew' },
  { value: 'used', labelKey: 'search.conditionUsed' },
] as const satisfies readonly { value: ConditionChoice; labelKey: string }[];

type LocationMode = 'country' | 'area';

interface QuickSearchValues {
  category: Category;
  brand: string;
  condition: ConditionChoice;
  maxPrice: string;
  locationMode: LocationMode;
  location: string;
  radiusKm: number;
}

const INITIAL: QuickSearchValues = {
  category: 'all',
  brand: '',
  condition: 'any',
  maxPrice: '',
  locationMode: 'country',
  location: '',
  radiusKm: 25,
};

/** What the form's values mean as search criteria ("all"/"any"/"whole country" mean no filter). */
export function toCriteria(values: QuickSearchValues): SearchCriteria {
  const price = values.maxPrice.trim() === '' ? undefined : Number(values.maxPrice);
  const inArea = values.locationMode === 'area' && values.location.trim() !== '';
  return {
    category: values.category === 'all' ? undefined : values.category,
    brand: values.brand,
    condition: values.condition === 'any' ? undefined : values.condition,
    maxPrice: price !== undefined && Number.isFinite(price) && price >= 0 ? price : undefined,
    location: inArea ? values.location : undefined,
    radiusKm: inArea ? values.radiusKm : undefined,
  };
}

/**
 * The home page's quick search. Submitting opens `/{lang}/products?…` with the criteria as query
 * parameters (lib/searchCriteria.ts), which the catalogue reads.
 */
export function QuickSearch() {
  const { t } = useTranslation('home');
  const lang = useLang();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<QuickSearchValues>(INITIAL);
  const km = new Intl.NumberFormat(INTL_LOCALES[lang], { style: 'unit', unit: 'kilometer' });

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
        {t('search.title')}
      </h2>

      <div className="quick-search__grid">
        <div className="field">
          <label htmlFor={`${id}-category`}>{t('search.category')}</label>
          <select
            id={`${id}-category`}
            value={values.category}
            onChange={(event) => {
              const next = QUICK_SEARCH_CATEGORIES.find((c) => c === event.target.value);
              if (next) set('category', next);
            }}
          >
            {QUICK_SEARCH_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`search.categories.${category}`)}
              </option>
            ))}
          </select>
        </div>

        <div className="field">
          <label htmlFor={`${id}-brand`}>{t('search.brand')}</label>
          <input
            id={`${id}-brand`}
            type="text"
            maxLength={100}
            value={values.brand}
            onChange={(event) => {
              set('brand', event.target.value);
            }}
          />
        </div>

        <div className="field">
          <label htmlFor={`${id}-price`}>{t('search.maxPrice')}</label>
          <input
            id={`${id}-price`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={values.maxPrice}
            onChange={(event) => {
              set('maxPrice', event.target.value);
            }}
          />
        </div>

        <fieldset className="field choice-group">
          <legend>{t('search.condition')}</legend>
          {CONDITION_CHOICES.map((choice) => (
            <label key={choice.value} className="choice">
              <input
                type="radio"
                name={`${id}-condition`}
                value={choice.value}
                checked={values.condition === choice.value}
                onChange={() => {
                  set('condition', choice.value);
                }}
              />
              {t(choice.labelKey)}
            </label>
          ))}
        </fieldset>

        <fieldset className="field choice-group quick-search__location">
          <legend>{t('search.location')}</legend>
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
            {t('search.wholeCountry')}
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
            {t('search.area')}
          </label>
          <div className="quick-search__area">
            <div className="field">
              <label htmlFor={`${id}-city`}>{t('search.city')}</label>
              <input
                id={`${id}-city`}
                type="text"
                autoComplete="address-level2"
                maxLength={100}
                disabled={!inArea}
                value={values.location}
                onChange={(event) => {
                  set('location', event.target.value);
                }}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-radius`}>{t('search.radius')}</label>
              <select
                id={`${id}-radius`}
                disabled={!inArea}
                value={values.radiusKm}
                onChange={(event) => {
                  set('radiusKm', Number(event.target.value));
                }}
              >
                {RADIUS_CHOICES_KM.map((radius) => (
                  <option key={radius} value={radius}>
                    {km.format(radius)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
      </div>

      <div className="quick-search__actions">
        <button type="submit" className="button">
          {t('search.submit')}
        </button>
        <Link to={paths.products(lang)} className="quick-search__advanced">
          {t('search.advanced')}
        </Link>
      </div>
    </form>
  );
}
