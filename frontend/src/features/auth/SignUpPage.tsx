import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { CheckboxField } from '@/components/form/fields';
import type { User } from '@/contract/schema.gen';
import { AccountField, CompanyFields, NameFields, useAccountForm } from '@/features/auth/AccountFields';
import { useSignUpMutation } from '@/features/auth/api';
import { companyOf, makeSignUpSchema, SIGN_UP_FIELDS, type SignUpField } from '@/features/auth/schemas';
import { SocialSignIn } from '@/features/auth/SocialSignIn';
import { VerificationNotice } from '@/features/auth/VerificationNotice';
import { paths, USER_SEGMENTS } from '@/lib/paths';
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
  const { limits, socialProviders } = useSettings();
  const minPassword = limits.password.min;
  useDocumentTitle(t('signUp.pageTitle'));

  const [accountType, setAccountType] = useState<AccountType>('individual');
  const { form, values, failure, setFailure, account } = useAccountForm(SIGN_UP_FIELDS, EMPTY);
  const [isAdult, setIsAdult] = useState(false);
  const [acceptRules, setAcceptRules] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [signUp, { isLoading }] = useSignUpMutation();
  const professional = accountType === 'professional';

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const data = form.validate(
      makeSignUpSchema(minPassword).safeParse({ ...values, accountType, isAdult, acceptRules }),
    );
    if (data === null) return;
    try {
      const result = await signUp({
        accountType: data.accountType,
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        ...(data.phone !== '' && { phone: data.phone }),
        password: data.password,
        // The schema accepted only ticked boxes.
        isAdult: true,
        acceptRules: true,
        language: lang,
        ...(data.accountType === 'professional' && {
          company: companyOf(data),
        }),
      }).unwrap();
      setSentTo(result.email || data.email);
    } catch (error) {
      const apiError = form.refused(error);
      setFailure(apiError);
      if (apiError.code === 'user_exists') document.getElementById(form.idOf('email'))?.focus();
    }
  }

  if (sentTo !== null) return <VerificationNotice email={sentTo} />;

  return (
    <div className="container page page--narrow">
      <h1>{t('signUp.title')}</h1>
      <p className="page__lead">{t('signUp.lead')}</p>
      {socialProviders.length > 0 && (
        <div className="auth-social auth-social--first">
          <SocialSignIn providers={socialProviders} returnTo={paths.userPage(lang, USER_SEGMENTS.information)} />
          <p className="auth-social__or">{t('signUp.orEmail')}</p>
        </div>
      )}
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="auth-form__hint">{t('form.allRequired')}</p>
        {failure && <ApiErrorAlert className="auth-form__alert" error={failure} />}

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

        <NameFields {...account} />
        <AccountField {...account} field="email" />
        <AccountField {...account} field="phone" />
        <AccountField {...account} field="password" />
        <AccountField {...account} field="confirmPassword" />
        {professional && <CompanyFields {...account} />}

        <CheckboxField
          form={form}
          field="isAdult"
          label={t('signUp.isAdult')}
          checked={isAdult}
          onChecked={setIsAdult}
          required
        />
        <CheckboxField
          form={form}
          field="acceptRules"
          label={
            <span>
              {t('signUp.acceptRulesStart')}
              <Link to={paths.terms(lang)} target="_blank" rel="noopener">
                {t('signUp.rulesLink')} <span className="visually-hidden">{t('signUp.newTab')}</span>
              </Link>
              {t('signUp.acceptRulesEnd')}
            </span>
          }
          checked={acceptRules}
          onChecked={setAcceptRules}
          required
        />

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
