import { useEffect } from 'react';
import { useAppDispatch } from '@/app/hooks';
import type { AppDispatch, RootState } from '@/app/store';
import { authApi } from '@/features/auth/api';
import { loggedOut, sessionCheckStarted, sessionRestored, toSessionUser } from '@/features/auth/authSlice';
import { clearLoginType, clearStoredToken, readTokenCookie, storeToken } from '@/lib/authToken';

/**
 * The start-up session check (spec §4): with a stored token, `GET /auth/me` decides. Success ->
 * logged in with that token; failure -> logged out (a refused token is also forgotten; after a
 * network failure it is kept, so the next visit tries again). Runs once per store.
 */
export function restoreSession() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const { sessionCheck, token } = getState().auth;
    if (sessionCheck !== 'idle' || token === null) return;
    dispatch(sessionCheckStarted());
    // The API layer reads the cookie only; a token left only in local storage is put back there.
    if (readTokenCookie() === undefined) storeToken(token);
    const result = await dispatch(
      authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) {
      dispatch(sessionRestored(toSessionUser(result.data)));
      return;
    }
    const status = result.error && 'status' in result.error ? result.error.status : undefined;
    if (status === 401 || status === 403) {
      clearStoredToken();
      clearLoginType();
    }
    dispatch(loggedOut());
  };
}

/** Starts the session check when the app mounts (main.tsx starts it earlier still). */
export function useRestoreSession(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(restoreSession());
  }, [dispatch]);
}

/** Forgets the session on this device: cookie, stored token, login type and user. */
export function clearSession(dispatch: AppDispatch): void {
  clearStoredToken();
  clearLoginType();
  dispatch(loggedOut());
}
