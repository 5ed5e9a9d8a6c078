import { useId, useState } from 'react';
import { toApiError, type ApiError } from '@/lib/apiError';

/** A form's field error codes (the server's `FieldErrorCode`s or the form's own), by field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** A schema problem: where (the field's path) and what (an error code as its message). */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** What a schema's `safeParse` returns. */
export type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/**
 * Error state of one form: ids, `aria-invalid`/`aria-describedby` wiring (with an optional hint),
 * and focus on the first invalid field, in form order (`order`), whenever errors are shown.
 * Fields may be server paths (`names.fr`): their ids use `-` for the dots.
 */
export function useFormErrors<F extends string>(order: readonly F[]) {
  const baseId = useId();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const idOf = (field: F) => `${baseId}-${field.replaceAll('.', '-')}`;
  const errorIdOf = (field: F) => `${idOf(field)}-error`;
  const hintIdOf = (field: F) => `${idOf(field)}-hint`;

  /** Shows `next` (replacing what was shown) and focuses its first field in form order. */
  function show(next: FieldErrors<F>) {
    setErrors(next);
    const first = order.find((field) => next[field] !== undefined);
    if (first !== undefined) document.getElementById(idOf(first))?.focus();
  }

  function clear(field: F) {
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }

  /** The ids that describe `field`: its hint (when `hint`, see hintIdOf), then its error. */
  function describedBy(field: F, hint = false): string | undefined {
    const ids = [hint ? hintIdOf(field) : null, errors[field] !== undefined ? errorIdOf(field) : null];
    const joined = ids.filter(Boolean).join(' ');
    return joined === '' ? undefined : joined;
  }

  /** Props for the control of `field`; `hint` says whether a hint paragraph (hintIdOf) exists. */
  function a11y(field: F, hint = false) {
    return {
      id: idOf(field),
      name: field,
      'aria-invalid': errors[field] !== undefined ? true : undefined,
      'aria-describedby': describedBy(field, hint),
    };
  }

  /** The parsed values, or null once the schema's errors are shown on their fields. */
  function validate<T>(result: ParseResult<T>): T | null {
    if (!result.success) {
      show(issuesToErrors(result.error.issues, order));
      return null;
    }
    show({});
    return result.data;
  }

  /** A refused call as an ApiError (the form's summary), its field errors shown on their fields. */
  function refused(error: unknown): ApiError {
    const apiError = toApiError(error);
    show(serverFieldErrors(apiError.fields, order));
    return apiError;
  }

  return { errors, show, clear, validate, refused, a11y, describedBy, idOf, errorIdOf, hintIdOf };
}

export type FormErrors<F extends string> = ReturnType<typeof useFormErrors<F>>;

/**
 * The server's `fields` on the form's fields: a field the form knows by the server's path
 * (`names.fr`) keeps it, a nested one is matched in camel case (`company.name` -> `companyName`);
 * codes for fields the form does not have are dropped.
 */
export function serverFieldErrors<F extends string>(
  fields: Record<string, string> | undefined,
  known: readonly F[],
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [key, code] of Object.entries(fields ?? {})) {
    const camel = key.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
    const name = known.find((field) => field === key) ?? known.find((field) => field === camel);
    if (name !== undefined) out[name] = code;
  }
  return out;
}

/** The first error code per field of a failed schema parse (nested paths joined with dots). */
export function issuesToErrors<F extends string>(issues: readonly Issue[], known: readonly F[]): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const field = known.find((name) => name === path);
    if (field !== undefined) out[field] ??= issue.message;
  }
  return out;
}
