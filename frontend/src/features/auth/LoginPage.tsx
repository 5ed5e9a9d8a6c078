import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLoginMutation } from '@/features/auth/api';
import { issuesToErrors, serverFieldErrors, TextField, useFormErrors, ApiErrorText } from '@/features/auth/form';
import { LOGIN_FIELDS, loginSchema } from '@/features/auth/schemas';
import { ResendVerificationButton } from '@/features/auth/VerificationNotice';
import { FacebookIcon, GoogleIcon } from '@/components/icons';
import { toApiError, type ApiError } from '@/lib/apiError';
import { OAUTH_PROVIDER_KEY } from '@/lib/authToken';
import { apiBaseUrl } from '@/lib/env';
import { paths, safeReturnTo, USER_SEGMENTS } from '@/lib/paths';
import { useSettings, type SocialProvider } from '@/lib/settings';
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
  const [values, setValues] = useState({ email: '', password: '' });
  const [failure, setFailure] = useState<ApiError | null>(null);
  const form = useFormErrors(LOGIN_FIELDS);
  const [login, { isLoading }] = useLoginMutation();

  const onValue = (field: (typeof LOGIN_FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      form.show(issuesToErrors(parsed.error.issues, LOGIN_FIELDS));
      return;
    }
    form.show({});
    try {
      await login(parsed.data).unwrap();
      void navigate(returnTo ?? paths.userPage(lang, USER_SEGMENTS.information), { replace: true });
    } catch (error) {
      const apiError = toApiError(error);
      setFailure(apiError);
      form.show(serverFieldErrors(apiError.fields, LOGIN_FIELDS));
    }
  }

  function socialHref(provider: SocialProvider) {
    const query = new URLSearchParams({ lang, returnTo: returnTo ?? paths.userPage(lang, USER_SEGMENTS.information) });
    return `${apiBaseUrl()}/auth/oauth/${provider}/start?${query.toString()}`;
  }

  function rememberProvider(provider: SocialProvider) {
    try {
      window.sessionStorage.setItem(OAUTH_PROVIDER_KEY, provider);
    } catch {
      // storage disabled: the login type stays unknown
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
          <div className="auth-form__alert" role="alert">
            <p>
              <ApiErrorText error={failure} />
            </p>
            {failure.code === 'email_not_verified' && (
              <ResendVerificationButton email={values.email.trim()} className="button button--small" />
            )}
          </div>
        )}
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
          field="password"
          label={t('fields.password')}
          value={values.password}
          onValue={onValue}
          type="password"
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
          {socialProviders.map((provider) => (
            <a
              key={provider}
              className={`button auth-social__button auth-social__button--${provider}`}
              href={socialHref(provider)}
              onClick={() => {
                rememberProvider(provider);
              }}
            >
              {provider === 'google' ? <GoogleIcon /> : <FacebookIcon />}
              {t(`login.with.${provider}`)}
            </a>
          ))}
        </div>
      )}

      <p className="auth-form__links">
        {t('login.noAccount')} <Link to={paths.signUp(lang)}>{t('login.signUpLink')}</Link>
      </p>
    </div>
  );
}
