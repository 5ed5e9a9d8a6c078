import { useTranslation } from 'react-i18next';
import { useGetBrandsQuery, useGetCategoriesQuery } from '@/app/referenceApi';
import { CONDITIONS, SORTS } from '@/contract/enums.gen';
import { categoryOptions } from '@/features/catalogue/categories';
import { cantonOptions } from '@/features/catalogue/cantons';
import { formatDistance } from '@/features/catalogue/format';
import { RADIUS_CHOICES_KM, TEXT_LIMITS, type Condition, type Sort } from '@/lib/searchCriteria';
import { useLang } from '@/lib/useLang';

/** Indentation of sub-categories in a plain <select> (options cannot be styled). */
const INDENT = '\u00a0\u00a0\u00a0';

interface SelectProps<T extends string | number> {
  id: string;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}

/**
 * The category tree from the API with names in the UI language; '' is "All categories". A
 * category the list does not know (an old link) stays selectable under its slug.
 */
export function CategorySelect({ id, value, onChange }: SelectProps<string>) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const { data: categories = [] } = useGetCategoriesQuery(undefined);
  const options = categoryOptions(categories, lang);
  const unknown = value !== '' && !options.some((option) => option.slug === value);
  return (
    <div className="field">
      <label htmlFor={id}>{t('filters.category')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{t('filters.allCategories')}</option>
        {options.map((option) => (
          <option key={option.slug} value={option.slug}>
            {INDENT.repeat(option.depth)}
            {option.name}
          </option>
        ))}
        {unknown && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}

/** Free text with the seeded brands as suggestions. */
export function BrandField({ id, value, onChange }: SelectProps<string>) {
  const { t } = useTranslation('catalogue');
  const { data: brands = [] } = useGetBrandsQuery(undefined);
  return (
    <div className="field">
      <label htmlFor={id}>{t('filters.brand')}</label>
      <input
        id={id}
        type="text"
        list={`${id}-brands`}
        maxLength={TEXT_LIMITS.brand}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <datalist id={`${id}-brands`}>
        {brands.map((brand) => (
          <option key={brand.slug} value={brand.name} />
        ))}
      </datalist>
    </div>
  );
}

export type ConditionChoice = 'any' | Condition;

/** New, used, or either. */
export function ConditionRadios({ id, value, onChange }: SelectProps<ConditionChoice>) {
  const { t } = useTranslation('catalogue');
  const choices = ['any', ...CONDITIONS] as const;
  return (
    <fieldset className="field choice-group">
      <legend>{t('filters.condition')}</legend>
      {choices.map((choice) => (
        <label key={choice} className="choice">
          <input
            type="radio"
            name={`${id}-condition`}
            value={choice}
            checked={value === choice}
            onChange={() => {
              onChange(choice);
            }}
          />
          {t(`condition.${choice}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The maximum price in whole francs. */
export function MaxPriceField({ id, value, onChange }: SelectProps<string>) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="field">
      <label htmlFor={id}>{t('filters.maxPrice')}</label>
      <input
        id={id}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

/** The search radius around a location. */
export function RadiusSelect({ id, value, onChange, disabled = false }: SelectProps<number>) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const choices: readonly number[] = RADIUS_CHOICES_KM.includes(value as (typeof RADIUS_CHOICES_KM)[number])
    ? RADIUS_CHOICES_KM
    : [...RADIUS_CHOICES_KM, value].sort((a, b) => a - b);
  return (
    <div className="field">
      <label htmlFor={id}>{t('filters.radius')}</label>
      <select
        id={id}
        disabled={disabled}
        value={value}
        onChange={(event) => {
          onChange(Number(event.target.value));
        }}
      >
        {choices.map((radius) => (
          <option key={radius} value={radius}>
            {formatDistance(radius, lang)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One canton, or all ('' ). */
export function CantonSelect({ id, value, onChange }: SelectProps<string>) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  return (
    <div className="field">
      <label htmlFor={id}>{t('filters.canton')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{t('filters.allCantons')}</option>
        {cantonOptions(lang).map((canton) => (
          <option key={canton.code} value={canton.code}>
            {canton.name}
          </option>
        ))}
      </select>
    </div>
  );
}

interface SortSelectProps extends SelectProps<Sort> {
  /** Whether a place is chosen: only then can the list be nearest first. */
  nearby: boolean;
}

/** Newest first, by price, or (around a place) nearest first. */
export function SortSelect({ id, value, nearby, onChange }: SortSelectProps) {
  const { t } = useTranslation('catalogue');
  const sorts = nearby ? SORTS : SORTS.filter((sort) => sort !== 'distance');
  return (
    <div className="field catalogue-inline-field">
      <label htmlFor={id}>{t('sort.label')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = sorts.find((sort) => sort === event.target.value);
          if (next) onChange(next);
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
