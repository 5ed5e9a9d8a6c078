import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { useGetBrandsQuery, useGetCategoriesQuery, useGetLocalitiesQuery } from '@/app/referenceApi';
import { Field, FieldError, type ControlProps, type ErrorText } from '@/components/form/fields';
import { useFormErrors, type FormErrors } from '@/components/form/formErrors';
import { CONDITIONS, QUANTITY_UNITS } from '@/contract/enums.gen';
import type { Category, ProductDetail } from '@/contract/schema.gen';
import {
  adFormSchema,
  AD_FIELDS,
  AD_LIMITS,
  EMPTY_AD_FORM,
  FORM_ERROR_CODES,
  formValuesOf,
  parseCity,
  serverAdFieldErrors,
  toProductInput,
  type AdField,
  type AdFormValues,
  type FormErrorCode,
  type LocationKind,
} from '@/features/myAds/adForm';
import { useCreateMyAdMutation, useUpdateMyAdMutation } from '@/features/myAds/api';
import { CANTONS } from '@/features/myAds/cantons';
import { draftStarted } from '@/features/myAds/productDraftSlice';
import { ErrorAlert } from '@/features/myAds/shared';
import { toApiError, type ApiError } from '@/lib/apiError';
import { FALLBACK_LANGUAGE, type Language } from '@/lib/languages';
import { useDebounced } from '@/lib/useDebounced';
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

type AdFormErrors = FormErrors<AdField>;

function isFormErrorCode(code: string): code is FormErrorCode {
  return (FORM_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * The server's generic `out_of_range`/`invalid` become the form's precise texts for the fields
 * that have one (a discount "between 0 and 99", a price "above 0", …).
 */
const PRECISE: Partial<Record<AdField, FormErrorCode>> = {
  price: 'price_range',
  discount: 'discount_range',
  quantityAmount: 'quantity_range',
  pickupDelivery: 'pickup_or_delivery',
  city: 'city_format',
};

/** A field's error texts: the form's own codes (`myAds:form.errors`), else the shared ones. */
function useAdErrorText(): (field: AdField) => ErrorText {
  const { t } = useTranslation('myAds');
  return (field) => (code) => {
    const precise = PRECISE[field];
    if (isFormErrorCode(code)) return t(`form.errors.${code}`);
    if (precise !== undefined && (code === 'out_of_range' || code === 'invalid')) return t(`form.errors.${precise}`);
    return undefined;
  };
}

function AdFieldError({ form, field }: { form: AdFormErrors; field: AdField }) {
  const errorText = useAdErrorText();
  return <FieldError form={form} field={field} errorText={errorText(field)} />;
}

/** A labelled control of the ad form with its hint and the form's error texts. */
function AdFormField({
  form,
  field,
  label,
  hint,
  children,
}: {
  form: AdFormErrors;
  field: AdField;
  label: string;
  hint?: string;
  children: (control: ControlProps<AdField>) => ReactNode;
}) {
  const errorText = useAdErrorText();
  return (
    <Field form={form} field={field} label={label} hint={hint} errorText={errorText(field)}>
      {children}
    </Field>
  );
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
  const localities = useGetLocalitiesQuery(query, { skip: query.length < 2 || complete });
  return (
    <AdFormField form={form} field="city" label={t('form.city')} hint={t('form.cityHint')}>
      {(control) => (
        <>
          <input
            type="text"
            {...control}
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
        </>
      )}
    </AdFormField>
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
  const form = useFormErrors(AD_FIELDS);
  const [values, setValues] = useState<AdFormValues>(() => (ad ? formValuesOf(ad) : EMPTY_AD_FORM));
  const [failure, setFailure] = useState<ApiError | null>(null);
  const categories = useGetCategoriesQuery(undefined);
  const brands = useGetBrandsQuery(undefined);
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
    const parsed = form.validate(adFormSchema.safeParse(values));
    if (parsed === null) return;
    const input = toProductInput(parsed);
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

  /** Value and change handler of a text control whose field is the value's own. */
  const typed = (field: 'title' | 'description' | 'brand' | 'price' | 'discount' | 'quantityAmount' | 'canton') => ({
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

      <AdFormField form={form} field="title" label={t('form.title')} hint={t('form.titleHint')}>
        {(control) => <input type="text" {...control} {...typed('title')} maxLength={AD_LIMITS.titleMax} required />}
      </AdFormField>

      <div className="ad-form__row">
        <AdFormField form={form} field="categorySlug" label={t('form.category')}>
          {(control) => (
            <select
              {...control}
              required
              value={values.categorySlug}
              onChange={(event) => {
                set('categorySlug', event.target.value, 'categorySlug');
              }}
            >
              <option value="">
                {categories.isLoading ? t('form.categoryLoading') : t('form.categoryPlaceholder')}
              </option>
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
          )}
        </AdFormField>

        <AdFormField form={form} field="brand" label={t('form.brand')}>
          {(control) => (
            <>
              <input
                type="text"
                {...control}
                {...typed('brand')}
                list={brandListId}
                autoComplete="off"
                maxLength={AD_LIMITS.brandMax}
              />
              <datalist id={brandListId}>
                {(brands.data ?? []).map((brand) => (
                  <option key={brand.slug} value={brand.name} />
                ))}
              </datalist>
            </>
          )}
        </AdFormField>
      </div>

      <AdFormField form={form} field="description" label={t('form.description')} hint={t('form.descriptionHint')}>
        {(control) => (
          <textarea {...control} {...typed('description')} rows={6} maxLength={AD_LIMITS.descriptionMax} required />
        )}
      </AdFormField>

      <fieldset className="field choice-group" aria-describedby={form.describedBy('condition')}>
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
          <AdFormField form={form} field="price" label={t('form.price')} hint={t('form.priceHint')}>
            {(control) => (
              <input
                type="text"
                inputMode="decimal"
                {...control}
                {...typed('price')}
                disabled={values.free}
                required={!values.free}
                value={values.free ? '' : values.price}
              />
            )}
          </AdFormField>
          <AdFormField form={form} field="discount" label={t('form.discount')} hint={t('form.discountHint')}>
            {(control) => (
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={AD_LIMITS.maxDiscount}
                step={1}
                {...control}
                {...typed('discount')}
                disabled={values.free}
                value={values.free ? '0' : values.discount}
              />
            )}
          </AdFormField>
        </div>
      </fieldset>

      <fieldset className="ad-form__group">
        <legend>{t('form.quantityGroup')}</legend>
        <div className="ad-form__row">
          <AdFormField form={form} field="quantityAmount" label={t('form.quantityAmount')}>
            {(control) => <input type="text" inputMode="decimal" {...control} {...typed('quantityAmount')} required />}
          </AdFormField>
          <AdFormField form={form} field="quantityUnit" label={t('form.quantityUnit')}>
            {(control) => (
              <select
                {...control}
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
            )}
          </AdFormField>
        </div>
      </fieldset>

      <fieldset className="ad-form__group" aria-describedby={form.describedBy('pickupDelivery')}>
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
          <AdFormField form={form} field="canton" label={t('form.canton')}>
            {(control) => (
              <select {...control} {...typed('canton')} required>
                <option value="">{t('form.cantonPlaceholder')}</option>
                {CANTONS.map(([code, name]) => (
                  <option key={code} value={code}>
                    {`${code} – ${name}`}
                  </option>
                ))}
              </select>
            )}
          </AdFormField>
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
