import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorKey, messageOptions, type ApiError } from '@/lib/apiError';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Error state of one form: ids, `aria-invalid`/`aria-describedby` wiring, and focus on the first
 * invalid field (in form order) whenever errors are shown.
 */
export function useFormErrors<F extends string>(order: readonly F[]) {
  const baseId = useId();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const idOf = (field: F) => `${baseId}-${field}`;
  const errorIdOf = (field: F) => `${baseId}-${field}-error`;

  function show(next: FieldErrors<F>) {
    setErrors(next);
    const first = order.find((field) => next[field] !== undefined);
    if (first !== undefined) document.getElementById(idOf(first))?.focus();
  }

  function clear(field: F) {
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }

  function a11y(field: F) {
    const invalid = errors[field] !== undefined;
    return {
      id: idOf(field),
      name: field,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': invalid ? errorIdOf(field) : undefined,
    };
  }

  return { errors, show, clear, a11y, idOf, errorIdOf };
}

export type FormErrors<F extends string> = ReturnType<typeof useFormErrors<F>>;

/**
 * The server's `fields` mapped onto form fields (`company.name` -> `companyName`); codes for
 * fields the form does not have are dropped.
 */
export function serverFieldErrors<F extends string>(
  fields: Record<string, string> | undefined,
  known: readonly F[],
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [key, code] of Object.entries(fields ?? {})) {
    const name = key.replace(/^company\.(\w)/, (_, c: string) => `company${c.toUpperCase()}`);
    if ((known as readonly string[]).includes(name)) out[name as F] = code;
  }
  return out;
}

/** The first error code per field of a failed schema parse. */
export function issuesToErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  known: readonly F[],
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (known as readonly string[]).includes(field) && out[field as F] === undefined) {
      out[field as F] = issue.message;
    }
  }
  return out;
}

/** The text under an invalid field; `mismatchText` replaces the generic "passwords do not match". */
export function FieldError({
  id,
  code,
  mismatchText,
}: {
  id: string;
  code: string | undefined;
  mismatchText?: string;
}) {
  const { t } = useTranslation('errors');
  if (code === undefined) return null;
  return (
    <p id={id} className="field__error">
      {code === 'passwords_mismatch' && mismatchText !== undefined ? mismatchText : t(fieldErrorKey(code))}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>;

/** Everything a TextField takes besides its wiring: input attributes, a hint, a mismatch text. */
export interface TextFieldExtras extends InputProps {
  hint?: string;
  mismatchText?: string;
}

interface TextFieldProps<F extends string> extends TextFieldExtras {
  control: FormErrors<F>;
  field: F;
  label: string;
  value: string;
  onValue: (field: F, value: string) => void;
}

/** A labelled input with its error text; typing clears the field's error. */
export function TextField<F extends string>({
  control: form,
  field,
  label,
  value,
  onValue,
  hint,
  mismatchText,
  ...inputProps
}: TextFieldProps<F>) {
  const props = form.a11y(field);
  const hintId = `${props.id}-hint`;
  const describedBy = [hint !== undefined ? hintId : undefined, props['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      <input
        type="text"
        {...inputProps}
        {...props}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        value={value}
        onChange={(event) => {
          onValue(field, event.target.value);
          form.clear(field);
        }}
      />
      {hint !== undefined && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={form.errorIdOf(field)} code={form.errors[field]} mismatchText={mismatchText} />
    </div>
  );
}

/** The translated message of a failed call, with the server's params (status, reason) translated too. */
export function ApiErrorText({ error }: { error: ApiError }) {
  const { t } = useTranslation('errors');
  return <>{t(error.messageKey, messageOptions(t, error))}</>;
}
