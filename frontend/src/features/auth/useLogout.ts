import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useLogoutMutation } from '@/features/auth/api';
import { clearSession } from '@/features/auth/session';
import { isLanguageHome } from '@/lib/localePath';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/**
 * Logout (spec §4): tells the server (which revokes the token; a failure there changes nothing
 * here), goes home, then clears the cookie, the stored token, the login type and the user and
 * toasts. The session is cleared only once the home page is shown, so that a protected page
 * being left does not first send the visitor to the login page. Use once, in the page shell.
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lang = useLang();
  const { pathname } = useLocation();
  const [callLogout, { isLoading }] = useLogoutMutation();
  const leaving = useRef(false);

  useEffect(() => {
    if (!leaving.current || !isLanguageHome(pathname)) return;
    leaving.current = false;
    clearSession(dispatch);
    dispatch(toastShown({ kind: 'success', messageKey: 'common:auth.logoutSuccess' }));
  }, [dispatch, pathname]);

  async function logout() {
    try {
      await callLogout(undefined).unwrap();
    } catch {
      // The session ends on this device whatever the server said.
    }
    if (isLanguageHome(pathname)) {
      clearSession(dispatch);
      dispatch(toastShown({ kind: 'success', messageKey: 'common:auth.logoutSuccess' }));
      return;
    }
    leaving.current = true;
    void navigate(paths.home(lang));
  }

  return { logout, pending: isLoading };
}
