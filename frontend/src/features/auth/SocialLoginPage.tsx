import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { Preloader } from '@/components/Preloader/Preloader';
import { authApi, useExchangeSocialCodeMutation } from '@/features/auth/api';
import { loggedIn, toSessionUser } from '@/features/auth/authSlice';
import { clearSession } from '@/features/auth/session';
import { toApiError } from '@/lib/apiError';
import { OAUTH_PROVIDER_KEY, storeLoginType, type LoginType } from '@/lib/authToken';
import { paths, safeReturnTo, USER_SEGMENTS } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

function takeProvider(): LoginType | null {
  try {
    const provider = window.sessionStorage.getItem(OAUTH_PROVIDER_KEY);
    window.sessionStorage.removeItem(OAUTH_PROVIDER_KEY);
    return provider === 'google' || provider === 'facebook' ? provider : null;
  } catch {
    return null;
  }
}

/**
 * `login/social#code=…&returnTo=…`: where the API's OAuth callback sends the browser. Trades the
 * one-time code for the token, loads the user and continues to `returnTo`.
 *
 * The API hands the token only to the browser that started the sign-in, so a link someone sent
 * (to sign the visitor in to the sender's account) signs nobody in: it goes back to login saying
 * why (`oauth_handover_invalid`), leaving any current session as it was. A link carrying a token
 * itself is never trusted. Any other failure goes back to login with `oauth_failed`.
 */
export function SocialLoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  const { hash } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const lang = useLang();
  const [exchange] = useExchangeSocialCodeMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(hash.replace(/^#/, ''));
    const code = fragment.get('code');
    const returnTo = safeReturnTo(fragment.get('returnTo')) ?? paths.userPage(lang, USER_SEGMENTS.information);
    const backToLogin = (error: 'oauth_failed' | 'oauth_handover_invalid') => {
      void navigate(`${paths.login(lang)}?error=${error}`, { replace: true });
    };
    if (!code) {
      backToLogin('oauth_handover_invalid');
      return;
    }
    void (async () => {
      let token: string;
      try {
        ({ token } = await exchange({ code }).unwrap());
      } catch (error) {
        backToLogin(toApiError(error).code === 'oauth_handover_invalid' ? 'oauth_handover_invalid' : 'oauth_failed');
        return;
      }
      const result = await dispatch(
        authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      if (!result.data) {
        clearSession(dispatch);
        backToLogin('oauth_failed');
        return;
      }
      const provider = takeProvider();
      if (provider !== null) storeLoginType(provider);
      dispatch(loggedIn({ user: toSessionUser(result.data), token }));
      void navigate(returnTo, { replace: true });
    })();
  }, [dispatch, exchange, hash, lang, navigate]);

  return <Preloader inline />;
}
