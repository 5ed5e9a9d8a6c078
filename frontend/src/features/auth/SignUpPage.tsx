import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@/contract/schema.gen';
import { useSignUpMutation } from '@/features/auth/api';
import {
  FieldError,
  issuesToErrors,
  serverFieldErrors,
  TextField,
  useFormErrors,
  ApiErrorText,
} from '@/features/auth/form';
import { makeSignUpSchema, SIGN_UP_FIELDS, type SignUpField } from '@/features/auth/schemas';
import { VerificationNotice } from '@/features/auth/VerificationNotice';
import { toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useSettings } from '@/lib/settings';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './auth.css';

type AccountType = User['accountType'];

const ACCOUNT_TYPES: readonly AccountType[] = ['individual', 'professional'];

type TextFields = Exclude<SignUpField, 'accountType' | 'isAdult' | 'acceptRules'>;

const EMPTY: Record<TextFields, string> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  companyEmail: '',
  companyAddress: '',
  companyWebsite: '',
};

/** Account creation (spec §2): individual or business, then the verification notice. */
export function SignUpPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const lang = useLang();
  const minPassword = useSettings().limits.password.min;
  useDocumentTitle(t('signUp.pageTitle'));

  const [accountType, setAccountType] = useState<AccountType>('individual');
  const [values, setValues] = useState(EMPTY);
  const [isAdult, setIsAdult] = useState(false);
  const [acceptRules, setAcceptRules] = useState(false);
  const [formError, setFormError] = useState<ApiError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormErrors(SIGN_UP_FIELDS);
  const [signUp, { isLoading }] = useSignUpMutation();
  const professional = accountType === 'professional';

  const onValue = (field: SignUpField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFormError(null);
    const parsed = makeSignUpSchema(minPassword).safeParse({ ...values, accountType, isAdult, acceptRules });
    if (!parsed.success) {
      form.show(issuesToErrors(parsed.error.issues, SIGN_UP_FIELDS));
      return;
    }
    const data = parsed.data;
    form.show({});
    try {
      const result = await signUp({
        accountType: data.accountType,
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        phone: data.phone,
        password: data.password,
        // The schema accepted only ticked boxes.
        isAdult: true,
        acceptRules: true,
        language: lang,
        ...(data.accountType === 'professional' && {
          company: {
            name: data.companyName,
            email: data.companyEmail,
            address: data.companyAddress,
            website: data.companyWebsite,
          },
        }),
      }).unwrap();
      setSentTo(result.email || data.email);
    } catch (error) {
      const apiError = toApiError(error);
      setFormError(apiError);
      form.show(serverFieldErrors(apiError.fields, SIGN_UP_FIELDS));
      if (apiError.code === 'user_exists') document.getElementById(form.idOf('email'))?.focus();
    }
  }

  if (sentTo !== null) return <VerificationNotice email={sentTo} />;

  return (
    <div className="container page page--narrow">
      <h1>{t('signUp.title')}</h1>
      <p className="page__lead">{t('signUp.lead')}</p>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="auth-form__hint">{t('form.allRequired')}</p>
        {formError && (
          <p className="auth-form__alert" role="alert">
            <ApiErrorText error={formError} />
          </p>
        )}

        <fieldset className="field choice-group">
          <legend>{t('signUp.accountType')}</legend>
          {ACCOUNT_TYPES.map((type) => (
            <label key={type} className="choice">
              <input
                type="radio"
                name="accountType"
                value={type}
                checked={accountType === type}
                onChange={() => {
                  setAccountType(type);
                }}
              />
              {t(`accountTypes.${type}`)}
            </label>
          ))}
        </fieldset>

        <div className="auth-form__row">
          <TextField
            control={form}
            field="firstName"
            label={t('fields.firstName')}
            value={values.firstName}
            onValue={onValue}
            autoComplete="given-name"
            required
          />
          <TextField
            control={form}
            field="lastName"
            label={t('fields.lastName')}
            value={values.lastName}
            onValue={onValue}
            autoComplete="family-name"
            required
          />
        </div>
        <TextField
          control={form}
          field="email"
          label={t('fields.email')}
          value={values.email}
          onValue={onValue}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <TextField
          control={form}
          field="phone"
          label={t('fields.phone')}
          value={values.phone}
          onValue={onValue}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
        />
        <TextField
          control={form}
          field="password"
          label={t('fields.password')}
          value={values.password}
          onValue={onValue}
          type="password"
          autoComplete="new-password"
          required
          hint={t('form.passwordHint', { min: minPassword })}
        />
        <TextField
          control={form}
          field="confirmPassword"
          label={t('fields.confirmPassword')}
          value={values.confirmPassword}
          onValue={onValue}
          type="password"
          autoComplete="new-password"
          required
        />

        {professional && (
          <fieldset className="auth-form__group">
            <legend>{t('signUp.company')}</legend>
            <TextField
              control={form}
              field="companyName"
              label={t('fields.companyName')}
              value={values.companyName}
              onValue={onValue}
              autoComplete="organization"
              required
            />
            <TextField
              control={form}
              field="companyEmail"
              label={t('fields.companyEmail')}
              value={values.companyEmail}
              onValue={onValue}
              type="email"
              inputMode="email"
              required
            />
            <TextField
              control={form}
              field="companyAddress"
              label={t('fields.companyAddress')}
              value={values.companyAddress}
              onValue={onValue}
              autoComplete="street-address"
              required
            />
            <TextField
              control={form}
              field="companyWebsite"
              label={t('fields.companyWebsite')}
              value={values.companyWebsite}
              onValue={onValue}
              type="url"
              inputMode="url"
              autoComplete="url"
            />
          </fieldset>
        )}

        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              {...form.a11y('isAdult')}
              required
              checked={isAdult}
              onChange={(event) => {
                setIsAdult(event.target.checked);
                form.clear('isAdult');
              }}
            />
            {t('signUp.isAdult')}
          </label>
          <FieldError id={form.errorIdOf('isAdult')} code={form.errors.isAdult} />
        </div>
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              {...form.a11y('acceptRules')}
              required
              checked={acceptRules}
              onChange={(event) => {
                setAcceptRules(event.target.checked);
                form.clear('acceptRules');
              }}
            />
            {t('signUp.acceptRules')}
          </label>
          <FieldError id={form.errorIdOf('acceptRules')} code={form.errors.acceptRules} />
        </div>

        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('form.submitting') : t('signUp.submit')}
        </button>
        <p className="auth-form__links">
          {t('signUp.haveAccount')} <Link to={paths.login(lang)}>{t('signUp.loginLink')}</Link>
        </p>
      </form>
    </div>
  );
}
