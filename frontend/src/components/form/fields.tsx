import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '@/components/form/formErrors';
import { fieldErrorKey } from '@/lib/apiError';

/**
 * A form's own text for an error code (the ad form's "price above 0", a page's "passwords do not
 * match"), or undefined for the shared text of the code (namespace `errors`, `fields.<code>`).
 */
export type ErrorText = (code: string) => string | undefined;

/** The text under an invalid field, referenced by the field's `aria-describedby`. */
export function FieldError<F extends string>({
  form,
  field,
  errorText,
}: {
  form: FormErrors<F>;
  field: F;
  errorText?: ErrorText;
}) {
  const { t } = useTranslation('errors');
  const code = form.errors[field];
  if (code === undefined) return null;
  return (
    <p id={form.errorIdOf(field)} className="field__error">
      {errorText?.(code) ?? t(fieldErrorKey(code))}
    </p>
  );
}

/** The wiring a field's control gets: id, name, `aria-invalid` and `aria-describedby`. */
export type ControlProps<F extends string> = ReturnType<FormErrors<F>['a11y']>;

interface FieldProps<F extends string> {
  form: FormErrors<F>;
  field: F;
  label: string;
  /** A hint under the control, which describes it too. */
  hint?: ReactNode;
  errorText?: ErrorText;
  className?: string;
  /** The control, given its wiring. */
  children: (control: ControlProps<F>) => ReactNode;
}

/** A labelled control with its hint and error text. */
export function Field<F extends string>({
  form,
  field,
  label,
  hint,
  errorText,
  className = 'field',
  children,
}: FieldProps<F>) {
  return (
    <div className={className}>
      <label htmlFor={form.idOf(field)}>{label}</label>
      {children(form.a11y(field, hint !== undefined))}
      {hint !== undefined && (
        <p id={form.hintIdOf(field)} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError form={form} field={field} errorText={errorText} />
    </div>
  );
}

/** What a text field (and the password field) takes besides its control's own attributes. */
export interface TextFieldBase<F extends string> {
  form: FormErrors<F>;
  field: F;
  label: string;
  value: string;
  onValue: (field: F, value: string) => void;
  hint?: string;
  /** Replaces the generic "passwords do not match". */
  mismatchText?: string;
  errorText?: ErrorText;
}

/** A text field's error texts: `errorText`, with `mismatchText` for "passwords do not match". */
export function textFieldErrorText(mismatchText?: string, errorText?: ErrorText): ErrorText | undefined {
  if (mismatchText === undefined) return errorText;
  return (code) => (code === 'passwords_mismatch' ? mismatchText : errorText?.(code));
}

type Wired = 'id' | 'name' | 'value' | 'onChange' | 'form';
type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, Wired> & { rows?: undefined };
/** `rows` makes the field a text area. */
type TextAreaAttributes = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Wired> & { rows: number };

/**
 * A labelled input (a text area when given `rows`) with its hint and error text; typing clears
 * the field's error.
 */
export function TextField<F extends string>(props: TextFieldBase<F> & (InputAttributes | TextAreaAttributes)) {
  const { form, field, label, value, onValue, hint, mismatchText, errorText, ...attributes } = props;
  const wired = (control: ControlProps<F>) => ({
    ...control,
    value,
    onChange: (event: { target: { value: string } }) => {
      onValue(field, event.target.value);
      form.clear(field);
    },
  });
  return (
    <Field form={form} field={field} label={label} hint={hint} errorText={textFieldErrorText(mismatchText, errorText)}>
      {(control) =>
        attributes.rows === undefined ? (
          <input type="text" {...attributes} {...wired(control)} />
        ) : (
          <textarea {...attributes} {...wired(control)} />
        )
      }
    </Field>
  );
}

interface CheckboxFieldProps<F extends string> {
  form: FormErrors<F>;
  field: F;
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  required?: boolean;
  /** A hint under the box, which describes it too. */
  hint?: ReactNode;
  /** The label's classes (a `choice` by default). */
  labelClassName?: string;
}

/** A checkbox inside its label, with its hint and error text; ticking clears the field's error. */
export function CheckboxField<F extends string>({
  form,
  field,
  label,
  checked,
  onChecked,
  required,
  hint,
  labelClassName = 'choice',
}: CheckboxFieldProps<F>) {
  return (
    <div className="field">
      <label className={labelClassName}>
        <input
          type="checkbox"
          {...form.a11y(field, hint !== undefined)}
          required={required}
          checked={checked}
          onChange={(event) => {
            onChecked(event.target.checked);
            form.clear(field);
          }}
        />
        {label}
      </label>
      {hint !== undefined && (
        <p id={form.hintIdOf(field)} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError form={form} field={field} />
    </div>
  );
}
