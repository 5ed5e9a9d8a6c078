import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { authSlice, loggedIn, loggedOut, selectIsSignedIn, sessionRestored } from '@/features/auth/authSlice';

const user = { firstName: 'Anna', lastName: 'Muster', avatar: '' };

describe('auth slice', () => {
  it('starts signed out without a stored token', () => {
    const state = makeStore().getState();
    expect(state.auth).toEqual({ user: null, isLoggedIn: false, token: null, sessionCheck: 'done' });
    expect(selectIsSignedIn(state)).toBe(false);
  });

  it('reads the stored token at start but is not signed in before the server accepts it', () => {
    document.cookie = 'token=abc; Path=/';
    const store = makeStore();
    expect(store.getState().auth).toEqual({ user: null, isLoggedIn: false, token: 'abc', sessionCheck: 'idle' });
    store.dispatch(sessionRestored(user));
    expect(store.getState().auth).toEqual({ user, isLoggedIn: true, token: 'abc', sessionCheck: 'done' });
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });

  it('falls back to local storage for the token', () => {
    window.localStorage.setItem('token', 'from-storage');
    expect(makeStore().getState().auth.token).toBe('from-storage');
  });

  it('needs both the flag and a token to count as signed in', () => {
    const restoredWithoutToken = authSlice.reducer(
      { user: null, isLoggedIn: false, token: null, sessionCheck: 'done' },
      sessionRestored(user),
    );
    expect(restoredWithoutToken.isLoggedIn).toBe(false);
  });

  it('logs in and out', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ user, token: 'jwt' }));
    expect(store.getState().auth).toEqual({ user, isLoggedIn: true, token: 'jwt', sessionCheck: 'done' });
    store.dispatch(loggedOut());
    expect(store.getState().auth).toEqual({ user: null, isLoggedIn: false, token: null, sessionCheck: 'done' });
  });
});
