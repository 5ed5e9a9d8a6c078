import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredToken } from '@/lib/authToken';

/** The signed-in user as the header shows it (spec §3). */
export interface SessionUser {
  firstName: string;
  lastName: string;
  /** Image URL; empty when the user has no photo. */
  avatar: string;
}

export interface AuthState {
  user: SessionUser | null;
  isLoggedIn: boolean;
  token: string | null;
}

/**
 * Client-side session state. At start the stored token is read (cookie, then local storage) but
 * the user counts as logged in only after the server accepted it (spec §4); the accounts feature
 * dispatches `sessionRestored` / `loggedIn` / `loggedOut` and keeps the stored token in step.
 */
export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ user: null, isLoggedIn: false, token: readStoredToken() }),
  reducers: {
    /** `GET /auth/me` accepted the stored token. */
    sessionRestored(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.isLoggedIn = state.token !== null;
    },
    /** A login returned a fresh token and user. */
    loggedIn(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.isLoggedIn = true;
    },
    /** Logout, or the stored token was refused. */
    loggedOut(state) {
      state.user = null;
      state.token = null;
      state.isLoggedIn = false;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    /** Signed in means both the flag and a token (spec §6). */
    selectIsSignedIn: (state) => state.isLoggedIn && state.token !== null,
  },
});

export const { sessionRestored, loggedIn, loggedOut } = authSlice.actions;
export const { selectUser, selectIsSignedIn } = authSlice.selectors;
