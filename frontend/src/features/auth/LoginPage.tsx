import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { PasswordField } from '@/components/form/PasswordField';
import { AccountField, useAccountForm } from '@/features/auth/AccountFields';
import { useLoginMutation } from '@/features/auth/api';
import { LOGIN_FIELDS, loginSchema } from '@/features/auth/schemas';
import { SocialSignIn } from '@/features/auth/SocialSignIn';
import { ResendVerificationButton } from '@/features/auth/VerificationNotice';
import { paths, safeReturnTo, USER_SEGMENTS } from '@/lib/paths';
import { useSettings } from '@/lib/settings';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './auth.css';

/** Errors the OAuth callback (and the hand-over page, login/social) report as `?error=<code>`. */
const OAUTH_ERRORS = [
  'oauth_failed',
  'oauth_handover_invalid',
  'email_not_verified',
  'account_status',
  'signups_closed',
] as const;

function oauthErrorKey(code: string | null) {
  if (code === null) return null;
  if (code === 'account_status') return 'login.accountBlocked' as const;
  return (OAUTH_ERRORS as readonly string[]).includes(code)
    ? (`errors:codes.${code as Exclude<(typeof OAUTH_ERRORS)[number], 'account_status'>}` as const)
    : ('errors:codes.oauth_failed' as const);
}

/** Login (spec §2): e-mail and password, social buttons, links to sign-up and forgot-password. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { socialProviders } = useSettings();
  useDocumentTitle(t('login.pageTitle'));

  const returnTo = safeReturnTo(params.get('returnTo'));
  const oauthError = oauthErrorKey(params.get('error'));
  const { form, values, failure, setFailure, account } = useAccountForm(LOGIN_FIELDS, { email: '', password: '' });
  const [login, { isLoading }] = useLoginMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const data = form.validate(loginSchema.safeParse(values));
    if (data === null) return;
    try {
      await login(data).unwrap();
      void navigate(returnTo ?? paths.userPage(lang, USER_SEGMENTS.information), { replace: true });
    } catch (error) {
      setFailure(form.refused(error));
    }
  }

  return (
    <div className="container page page--narrow">
      <h1>{t('login.title')}</h1>
      {returnTo !== null && <p className="page__lead">{t('login.protected')}</p>}
      {oauthError !== null && (
        <p className="auth-form__alert" role="alert">
          {t(oauthError)}
        </p>
      )}
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {failure && (
          <ApiErrorAlert className="auth-form__alert" error={failure}>
            {failure.code === 'email_not_verified' && (
              <ResendVerificationButton email={values.email.trim()} className="button button--small" />
            )}
          </ApiErrorAlert>
        )}
        <AccountField {...account} field="email" />
        <PasswordField
          form={form}
          field="password"
          label={t('fields.password')}
          value={values.password}
          onValue={account.onValue}
          autoComplete="current-password"
          required
        />
        <p className="auth-form__links">
          <Link to={paths.forgotPassword(lang)}>{t('login.forgotLink')}</Link>
        </p>
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('form.submitting') : t('login.submit')}
        </button>
      </form>

      {socialProviders.length > 0 && (
        <div className="auth-social">
          <p className="auth-social__or">{t('login.or')}</p>
          <SocialSignIn
            providers={socialProviders}
            returnTo={returnTo ?? paths.userPage(lang, USER_SEGMENTS.information)}
          />
        </div>
      )}

      <p className="auth-form__links">
        {t('login.noAccount')} <Link to={paths.signUp(lang)}>{t('login.signUpLink')}</Link>
      </p>
    </div>
  );
}
