import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useGetMeQuery } from '@/features/auth/api';
import { clearSession } from '@/features/auth/session';
import { PrivacyAccountPage } from '@/features/privacy/PrivacyAccountPage';
import { clearLoginType, clearStoredToken } from '@/lib/authToken';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/**
 * `user/privacy`: the privacy feature's page with the signed-in account (auth) composed in. Once
 * the account is deleted the dead token is forgotten at once, the visitor goes home with a notice,
 * and the session state is cleared when this page has gone (clearing it while the page is still
 * shown would send the visitor to the login page first).
 */
export function PrivacyRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lang = useLang();
  const { data: me, error } = useGetMeQuery(undefined);
  const deleted = useRef(false);

  useEffect(
    () => () => {
      if (deleted.current) clearSession(dispatch);
    },
    [dispatch],
  );

  function onDeleted() {
    deleted.current = true;
    clearStoredToken();
    clearLoginType();
    dispatch(toastShown({ kind: 'success', messageKey: 'privacy:delete.deleted', durationMs: 10_000 }));
    void navigate(paths.home(lang), { replace: true });
  }

  const account = me && { email: me.email, hasPassword: me.hasPassword, isAdmin: me.role === 'admin' };
  return <PrivacyAccountPage account={account} loadError={me ? undefined : error} onDeleted={onDeleted} />;
}
