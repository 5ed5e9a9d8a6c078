import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { Preloader } from '@/components/Preloader/Preloader';
import { authApi } from '@/features/auth/api';
import { loggedIn, toSessionUser } from '@/features/auth/authSlice';
import { clearSession } from '@/features/auth/session';
import { OAUTH_PROVIDER_KEY, storeLoginType, storeToken, type LoginType } from '@/lib/authToken';
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
 * `login/social#token=…&returnTo=…`: where the API's OAuth callback sends the browser. Stores the
 * token, loads the user, and continues to `returnTo`; any failure goes back to login with an error.
 */
export function SocialLoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  const { hash } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const lang = useLang();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(hash.replace(/^#/, ''));
    const token = fragment.get('token');
    const returnTo = safeReturnTo(fragment.get('returnTo')) ?? paths.userPage(lang, USER_SEGMENTS.information);
    const fail = () => {
      clearSession(dispatch);
      void navigate(`${paths.login(lang)}?error=oauth_failed`, { replace: true });
    };
    if (!token) {
      fail();
      return;
    }
    storeToken(token);
    void (async () => {
      const result = await dispatch(
        authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      if (!result.data) {
        fail();
        return;
      }
      const provider = takeProvider();
      if (provider !== null) storeLoginType(provider);
      dispatch(loggedIn({ user: toSessionUser(result.data), token }));
      void navigate(returnTo, { replace: true });
    })();
  }, [dispatch, hash, lang, navigate]);

  return <Preloader inline />;
}
