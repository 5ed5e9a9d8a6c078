import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/fields';
import { PasswordField } from '@/components/form/PasswordField';
import { useFormErrors, type FormErrors } from '@/components/form/formErrors';
import type { ApiError } from '@/lib/apiError';
import { useSettings } from '@/lib/settings';

/** Input type, autofill hint and keyboard of each account field, the same on every account form. */
const ACCOUNT_INPUTS = {
  firstName: { autoComplete: 'given-name', required: true },
  lastName: { autoComplete: 'family-name', required: true },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', required: true },
  // Optional: sellers are reached through the contact form, never by their number.
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  password: { type: 'password', autoComplete: 'new-password', required: true },
  confirmPassword: { type: 'password', autoComplete: 'new-password', required: true },
  currentPassword: { type: 'password', autoComplete: 'current-password', required: true },
  newPassword: { type: 'password', autoComplete: 'new-password', required: true },
  companyName: { autoComplete: 'organization', required: true },
  companyEmail: { type: 'email', inputMode: 'email', required: true },
  companyAddress: { autoComplete: 'street-address', required: true },
  companyWebsite: { type: 'url', inputMode: 'url', autoComplete: 'url' },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

type AccountInput = keyof typeof ACCOUNT_INPUTS;
type AccountInputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'required'
>;

/** A password being chosen: its field says how long it must be. */
const NEW_PASSWORDS: readonly AccountInput[] = ['password', 'newPassword'];

/** What every account field of one form shares: the form's errors, its values, its setter. */
export interface AccountFormProps<F extends string> {
  form: FormErrors<F>;
  values: Partial<Record<F, string>>;
  onValue: (field: F, value: string) => void;
}

/**
 * The state of an account form: its field errors (`fields` in form order), its values, the
 * refusal of its last call (the summary) and `account`, the props its fields share.
 */
export function useAccountForm<F extends string, V extends Partial<Record<F, string>>>(
  fields: readonly F[],
  initial: V | (() => V),
) {
  const form = useFormErrors(fields);
  const [values, setValues] = useState<V>(initial);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const account: AccountFormProps<F> = {
    form,
    values,
    onValue: (field, value) => {
      setValues((current) => ({ ...current, [field]: value }));
    },
  };
  return { form, values, setValues, failure, setFailure, account };
}

interface AccountFieldProps<F extends string> extends AccountFormProps<F> {
  field: F & AccountInput;
  /** Replaces the field's usual label (`auth:fields.<field>`). */
  label?: string;
  /** Replaces the generic "passwords do not match". */
  mismatchText?: string;
}

/**
 * One text field of the sign-up, login, profile or password forms, labelled and typed as
 * everywhere; a password field has its show-password toggle.
 */
export function AccountField<F extends string>({
  form,
  values,
  onValue,
  field,
  label,
  mismatchText,
}: AccountFieldProps<F>) {
  const { t } = useTranslation('auth');
  const minPassword = useSettings().limits.password.min;
  const props = {
    form,
    field,
    label: label ?? t(`fields.${field}`),
    value: values[field] ?? '',
    onValue,
    hint: NEW_PASSWORDS.includes(field) ? t('form.passwordHint', { min: minPassword }) : undefined,
    mismatchText,
  };
  const { type, ...input }: AccountInputAttributes = ACCOUNT_INPUTS[field];
  return type === 'password' ? (
    <PasswordField {...props} {...input} />
  ) : (
    <TextField {...props} type={type} {...input} />
  );
}

type NameField = 'firstName' | 'lastName';
type CompanyField = 'companyName' | 'companyEmail' | 'companyAddress' | 'companyWebsite';

/** First and last name, side by side. */
export function NameFields<F extends string>(props: AccountFormProps<F | NameField>) {
  return (
    <div className="auth-form__row">
      <AccountField {...props} field="firstName" />
      <AccountField {...props} field="lastName" />
    </div>
  );
}

/** A professional account's company: name, e-mail, address and (optional) website. */
export function CompanyFields<F extends string>(props: AccountFormProps<F | CompanyField>) {
  const { t } = useTranslation('auth');
  return (
    <fieldset className="auth-form__group">
      <legend>{t('signUp.company')}</legend>
      <AccountField {...props} field="companyName" />
      <AccountField {...props} field="companyEmail" />
      <AccountField {...props} field="companyAddress" />
      <AccountField {...props} field="companyWebsite" />
    </fieldset>
  );
}
