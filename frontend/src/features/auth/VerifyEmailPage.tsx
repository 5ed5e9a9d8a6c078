import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiErrorText } from '@/components/form/ApiErrorAlert';
import { Preloader } from '@/components/Preloader/Preloader';
import { useVerifyAccountMutation } from '@/features/auth/api';
import { toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './auth.css';

/** `email-verification/{token}`: verifies once on arrival, then offers the login. */
export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('verify.pageTitle'));
  const { token = '' } = useParams();
  const lang = useLang();
  const [verify] = useVerifyAccountMutation();
  const [state, setState] = useState<'pending' | 'done' | ApiError>('pending');
  const sent = useRef(false);

  useEffect(() => {
    // Tokens are single-use: never send twice (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    verify({ token })
      .unwrap()
      .then(
        () => {
          setState('done');
        },
        (error: unknown) => {
          setState(toApiError(error));
        },
      );
  }, [token, verify]);

  return (
    <div className="container page page--narrow">
      <h1>{t('verify.title')}</h1>
      {state === 'pending' && <Preloader inline />}
      {state === 'done' && (
        <div role="status" className="auth-result">
          <p className="page__lead">{t('errors:success.email_verified')}</p>
          <Link className="button" to={paths.login(lang)}>
            {t('verify.login')}
          </Link>
        </div>
      )}
      {typeof state === 'object' && (
        <div role="alert" className="auth-result">
          <p className="page__lead">
            {state.code === 'invalid_token' ? t('verify.invalidToken') : <ApiErrorText error={state} />}
          </p>
          <Link className="button" to={paths.login(lang)}>
            {t('verify.login')}
          </Link>
        </div>
      )}
    </div>
  );
}
