import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { CONDITIONS, QUANTITY_UNITS } from '@/contract/enums.gen';
import type { Category, ProductDetail } from '@/contract/schema.gen';
import {
  adFormSchema,
  AD_FIELDS,
  AD_LIMITS,
  EMPTY_AD_FORM,
  formValuesOf,
  parseCity,
  serverAdFieldErrors,
  toProductInput,
  type AdField,
  type AdFormValues,
  type LocationKind,
} from '@/features/myAds/adForm';
import {
  useCreateMyAdMutation,
  useGetSellerBrandsQuery,
  useGetSellerCategoriesQuery,
  useGetSellerLocalitiesQuery,
  useUpdateMyAdMutation,
} from '@/features/myAds/api';
import { CANTONS } from '@/features/myAds/cantons';
import { AdFieldError, useAdFormErrors, type AdFormErrors } from '@/features/myAds/formErrors';
import { draftStarted } from '@/features/myAds/productDraftSlice';
import { ErrorAlert } from '@/features/myAds/shared';
import { toApiError, type ApiError } from '@/lib/apiError';
import { FALLBACK_LANGUAGE, type Language } from '@/lib/languages';
import { useLang } from '@/lib/useLang';

const LOCATION_KINDS: readonly LocationKind[] = ['city', 'canton'];

function nameOf(category: Category, lang: Language): string {
  return category.names[lang] ?? category.names[FALLBACK_LANGUAGE] ?? category.slug;
}

/** Top-level categories in order, each with its sub-categories in order. */
function categoryTree(categories: readonly Category[]): { root: Category; children: Category[] }[] {
  const bySort = (a: Category, b: Category) => a.sortOrder - b.sortOrder;
  const roots = categories.filter((c) => !c.parent).sort(bySort);
  return roots.map((root) => ({ root, children: categories.filter((c) => c.parent === root.slug).sort(bySort) }));
}

/** `value` once it has not changed for `ms` (so typing does not send a request per key). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSettled(value);
    }, ms);
    return () => {
      window.clearTimeout(timer);
    };
  }, [value, ms]);
  return settled;
}

/** What to ask the gazetteer for: the postal code when the text starts with one, else the text. */
function localityQuery(text: string): string {
  const trimmed = text.trim();
  return /^\d{4}/.exec(trimmed)?.[0] ?? trimmed;
}

/** Postal code or locality, with suggestions from the Swiss gazetteer (`GET /localities`). */
function CityField({ form, value, onValue }: { form: AdFormErrors; value: string; onValue: (value: string) => void }) {
  const { t } = useTranslation('myAds');
  const listId = useId();
  const query = useDebounced(localityQuery(value), 250);
  const complete = parseCity(value)?.locality !== undefined;
  const localities = useGetSellerLocalitiesQuery(query, { skip: query.length < 2 || complete });
  return (
    <div className="field">
      <label htmlFor={form.idOf('city')}>{t('form.city')}</label>
      <input
        type="text"
        {...form.a11y('city', true)}
        list={listId}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onValue(event.target.value);
          form.clear('city');
        }}
      />
      <datalist id={listId}>
        {(localities.data ?? []).map((locality) => (
          <option key={`${locality.postalCode}-${locality.name}`} value={`${locality.postalCode} ${locality.name}`}>
            {locality.canton}
          </option>
        ))}
      </datalist>
      <p id={form.hintIdOf('city')} className="field__hint">
        {t('form.cityHint')}
      </p>
      <AdFieldError form={form} field="city" />
    </div>
  );
}

interface DetailsFormProps {
  /** The saved ad being edited; absent for a new ad. */
  ad?: ProductDetail;
  /** Called once the server has saved the details. */
  onSaved: (saved: ProductDetail, created: boolean) => void;
}

/**
 * Step 1 of the ad editor: the ad's details. Valid details are saved: a new ad is created as a
 * draft (POST), a saved one is replaced (PATCH); an active ad changes at once. Client checks come
 * first; the server's field errors land on the same fields.
 */
export function DetailsForm({ ad, onSaved }: DetailsFormProps) {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  const dispatch = useAppDispatch();
  const brandListId = useId();
  const form = useAdFormErrors();
  const [values, setValues] = useState<AdFormValues>(() => (ad ? formValuesOf(ad) : EMPTY_AD_FORM));
  const [failure, setFailure] = useState<ApiError | null>(null);
  const categories = useGetSellerCategoriesQuery(undefined);
  const brands = useGetSellerBrandsQuery(undefined);
  const [createAd, createCall] = useCreateMyAdMutation();
  const [updateAd, updateCall] = useUpdateMyAdMutation();
  const saving = createCall.isLoading || updateCall.isLoading;
  const isDraft = ad === undefined || ad.status === 'draft';

  function set<K extends keyof AdFormValues>(key: K, value: AdFormValues[K], field?: AdField) {
    setValues((current) => ({ ...current, [key]: value }));
    if (field !== undefined) form.clear(field);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const parsed = adFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<AdField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const known = AD_FIELDS.find((f) => f === field);
        if (known !== undefined && errors[known] === undefined) errors[known] = issue.message;
      }
      form.show(errors);
      return;
    }
    form.show({});
    const input = toProductInput(parsed.data);
    try {
      if (ad === undefined) {
        const created = await createAd(input).unwrap();
        dispatch(draftStarted(created.id));
        onSaved(created, true);
      } else {
        onSaved(await updateAd({ id: ad.id, input }).unwrap(), false);
      }
    } catch (error) {
      const apiError = toApiError(error);
      setFailure(apiError);
      form.show(serverAdFieldErrors(apiError.fields, values.locationKind));
    }
  }

  const text = (field: 'title' | 'description' | 'brand') => ({
    ...form.a11y(field, field !== 'brand'),
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      set(field, event.target.value, field);
    },
  });

  return (
    <form className="ad-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="ad-details-title">
      <h2 id="ad-details-title">{t('editor.steps.details')}</h2>
      {failure && <ErrorAlert error={failure} />}
      <p className="field__hint">{t('form.requiredNote')}</p>

      <div className="field">
        <label htmlFor={form.idOf('title')}>{t('form.title')}</label>
        <input type="text" {...text('title')} maxLength={AD_LIMITS.titleMax} required />
        <p id={form.hintIdOf('title')} className="field__hint">
          {t('form.titleHint')}
        </p>
        <AdFieldError form={form} field="title" />
      </div>

      <div className="ad-form__row">
        <div className="field">
          <label htmlFor={form.idOf('categorySlug')}>{t('form.category')}</label>
          <select
            {...form.a11y('categorySlug')}
            required
            value={values.categorySlug}
            onChange={(event) => {
              set('categorySlug', event.target.value, 'categorySlug');
            }}
          >
            <option value="">{categories.isLoading ? t('form.categoryLoading') : t('form.categoryPlaceholder')}</option>
            {categoryTree(categories.data ?? []).map(({ root, children }) =>
              children.length === 0 ? (
                <option key={root.slug} value={root.slug}>
                  {nameOf(root, lang)}
                </option>
              ) : (
                <optgroup key={root.slug} label={nameOf(root, lang)}>
                  <option value={root.slug}>{t('form.categoryGeneral', { name: nameOf(root, lang) })}</option>
                  {children.map((child) => (
                    <option key={child.slug} value={child.slug}>
                      {nameOf(child, lang)}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </select>
          <AdFieldError form={form} field="categorySlug" />
        </div>

        <div className="field">
          <label htmlFor={form.idOf('brand')}>{t('form.brand')}</label>
          <input type="text" {...text('brand')} list={brandListId} autoComplete="off" maxLength={AD_LIMITS.brandMax} />
          <datalist id={brandListId}>
            {(brands.data ?? []).map((brand) => (
              <option key={brand.slug} value={brand.name} />
            ))}
          </datalist>
          <AdFieldError form={form} field="brand" />
        </div>
      </div>

      <div className="field">
        <label htmlFor={form.idOf('description')}>{t('form.description')}</label>
        <textarea {...text('description')} rows={6} maxLength={AD_LIMITS.descriptionMax} required />
        <p id={form.hintIdOf('description')} className="field__hint">
          {t('form.descriptionHint')}
        </p>
        <AdFieldError form={form} field="description" />
      </div>

      <fieldset
        className="field choice-group"
        aria-describedby={form.errors.condition !== undefined ? form.errorIdOf('condition') : undefined}
      >
        <legend>{t('form.condition')}</legend>
        {CONDITIONS.map((condition, index) => (
          <label key={condition} className="choice">
            <input
              type="radio"
              name="condition"
              value={condition}
              id={index === 0 ? form.idOf('condition') : undefined}
              checked={values.condition === condition}
              onChange={() => {
                set('condition', condition, 'condition');
              }}
            />
            {t(`form.conditions.${condition}`)}
          </label>
        ))}
        <AdFieldError form={form} field="condition" />
      </fieldset>

      <fieldset className="ad-form__group">
        <legend>{t('form.priceGroup')}</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={values.free}
            onChange={(event) => {
              set('free', event.target.checked, 'price');
              form.clear('discount');
            }}
          />
          {t('form.free')}
        </label>
        <div className="ad-form__row">
          <div className="field">
            <label htmlFor={form.idOf('price')}>{t('form.price')}</label>
            <input
              type="text"
              inputMode="decimal"
              {...form.a11y('price', true)}
              disabled={values.free}
              required={!values.free}
              value={values.free ? '' : values.price}
              onChange={(event) => {
                set('price', event.target.value, 'price');
              }}
            />
            <p id={form.hintIdOf('price')} className="field__hint">
              {t('form.priceHint')}
            </p>
            <AdFieldError form={form} field="price" />
          </div>
          <div className="field">
            <label htmlFor={form.idOf('discount')}>{t('form.discount')}</label>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={AD_LIMITS.maxDiscount}
              step={1}
              {...form.a11y('discount', true)}
              disabled={values.free}
              value={values.free ? '0' : values.discount}
              onChange={(event) => {
                set('discount', event.target.value, 'discount');
              }}
            />
            <p id={form.hintIdOf('discount')} className="field__hint">
              {t('form.discountHint')}
            </p>
            <AdFieldError form={form} field="discount" />
          </div>
        </div>
      </fieldset>

      <fieldset className="ad-form__group">
        <legend>{t('form.quantityGroup')}</legend>
        <div className="ad-form__row">
          <div className="field">
            <label htmlFor={form.idOf('quantityAmount')}>{t('form.quantityAmount')}</label>
            <input
              type="text"
              inputMode="decimal"
              {...form.a11y('quantityAmount')}
              required
              value={values.quantityAmount}
              onChange={(event) => {
                set('quantityAmount', event.target.value, 'quantityAmount');
              }}
            />
            <AdFieldError form={form} field="quantityAmount" />
          </div>
          <div className="field">
            <label htmlFor={form.idOf('quantityUnit')}>{t('form.quantityUnit')}</label>
            <select
              {...form.a11y('quantityUnit')}
              value={values.quantityUnit}
              onChange={(event) => {
                const unit = QUANTITY_UNITS.find((u) => u === event.target.value);
                if (unit !== undefined) set('quantityUnit', unit, 'quantityUnit');
              }}
            >
              {QUANTITY_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`form.units.${unit}`)}
                </option>
              ))}
            </select>
            <AdFieldError form={form} field="quantityUnit" />
          </div>
        </div>
      </fieldset>

      <fieldset
        className="ad-form__group"
        aria-describedby={form.errors.pickupDelivery !== undefined ? form.errorIdOf('pickupDelivery') : undefined}
      >
        <legend>{t('form.handover')}</legend>
        <label className="choice">
          <input
            type="checkbox"
            id={form.idOf('pickupDelivery')}
            checked={values.pickup}
            aria-invalid={form.errors.pickupDelivery !== undefined ? true : undefined}
            onChange={(event) => {
              set('pickup', event.target.checked, 'pickupDelivery');
            }}
          />
          {t('form.pickup')}
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={values.delivery}
            aria-invalid={form.errors.pickupDelivery !== undefined ? true : undefined}
            onChange={(event) => {
              set('delivery', event.target.checked, 'pickupDelivery');
            }}
          />
          {t('form.delivery')}
        </label>
        <AdFieldError form={form} field="pickupDelivery" />
      </fieldset>

      <fieldset className="ad-form__group">
        <legend>{t('form.location')}</legend>
        <div className="choice-group" role="radiogroup" aria-label={t('form.locationKind')}>
          {LOCATION_KINDS.map((kind) => (
            <label key={kind} className="choice">
              <input
                type="radio"
                name="locationKind"
                value={kind}
                checked={values.locationKind === kind}
                onChange={() => {
                  set('locationKind', kind);
                  form.clear('city');
                  form.clear('canton');
                }}
              />
              {t(`form.locationKinds.${kind}`)}
            </label>
          ))}
        </div>
        {values.locationKind === 'city' ? (
          <CityField
            form={form}
            value={values.city}
            onValue={(value) => {
              set('city', value);
            }}
          />
        ) : (
          <div className="field">
            <label htmlFor={form.idOf('canton')}>{t('form.canton')}</label>
            <select
              {...form.a11y('canton')}
              required
              value={values.canton}
              onChange={(event) => {
                set('canton', event.target.value, 'canton');
              }}
            >
              <option value="">{t('form.cantonPlaceholder')}</option>
              {CANTONS.map(([code, name]) => (
                <option key={code} value={code}>
                  {`${code} – ${name}`}
                </option>
              ))}
            </select>
            <AdFieldError form={form} field="canton" />
          </div>
        )}
      </fieldset>

      <div className="ad-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t('form.saving') : isDraft ? t('form.continue') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
