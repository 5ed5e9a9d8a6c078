import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_FIELDS, FORM_ERROR_CODES, type AdField, type FormErrorCode } from '@/features/myAds/adForm';
import { fieldErrorKey } from '@/lib/apiError';

export type AdFieldErrors = Partial<Record<AdField, string>>;

/**
 * Error state of the ad form: ids, `aria-invalid`/`aria-describedby` wiring (with an optional
 * hint), and focus on the first invalid field, in form order, whenever errors are shown.
 */
export function useAdFormErrors() {
  const baseId = useId();
  const [errors, setErrors] = useState<AdFieldErrors>({});
  const idOf = (field: AdField) => `${baseId}-${field}`;
  const errorIdOf = (field: AdField) => `${baseId}-${field}-error`;
  const hintIdOf = (field: AdField) => `${baseId}-${field}-hint`;

  function show(next: AdFieldErrors) {
    setErrors(next);
    const first = AD_FIELDS.find((field) => next[field] !== undefined);
    if (first !== undefined) document.getElementById(idOf(first))?.focus();
  }

  function clear(field: AdField) {
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }

  /** Props for the input of `field`; `hint` says whether a hint paragraph (hintIdOf) exists. */
  function a11y(field: AdField, hint = false) {
    const invalid = errors[field] !== undefined;
    const describedBy = [hint ? hintIdOf(field) : null, invalid ? errorIdOf(field) : null].filter(Boolean).join(' ');
    return {
      id: idOf(field),
      name: field,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': describedBy === '' ? undefined : describedBy,
    };
  }

  return { errors, show, clear, a11y, idOf, errorIdOf, hintIdOf };
}

export type AdFormErrors = ReturnType<typeof useAdFormErrors>;

function isFormErrorCode(code: string): code is FormErrorCode {
  return (FORM_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * A field's error text. The server's generic `out_of_range`/`invalid` become the form's precise
 * texts for the fields that have one (a discount "between 0 and 99", a price "above 0", …).
 */
const PRECISE: Partial<Record<AdField, FormErrorCode>> = {
  price: 'price_range',
  discount: 'discount_range',
  quantityAmount: 'quantity_range',
  pickupDelivery: 'pickup_or_delivery',
  city: 'city_format',
};

export function AdFieldError({ form, field }: { form: AdFormErrors; field: AdField }) {
  const { t } = useTranslation(['myAds', 'errors']);
  const code = form.errors[field];
  if (code === undefined) return null;
  const precise = PRECISE[field];
  const text = isFormErrorCode(code)
    ? t(`myAds:form.errors.${code}`)
    : precise !== undefined && (code === 'out_of_range' || code === 'invalid')
      ? t(`myAds:form.errors.${precise}`)
      : t(`errors:${fieldErrorKey(code)}`);
  return (
    <p id={form.errorIdOf(field)} className="field__error">
      {text}
    </p>
  );
}
