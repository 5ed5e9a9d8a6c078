import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@/contract/schema.gen';
import { authApi } from '@/features/auth/api';
import { readStoredToken } from '@/lib/authToken';

/** The signed-in user as the header shows it (spec §3). */
export interface SessionUser {
  firstName: string;
  lastName: string;
  /** Image URL; empty when the user has no photo. */
  avatar: string;
}

/**
 * Where the start-up session check stands: `idle` (a stored token waits to be checked),
 * `checking` (`GET /auth/me` is on its way) or `done` (also when there was no token to check).
 */
export type SessionCheck = 'idle' | 'checking' | 'done';

export interface AuthState {
  user: SessionUser | null;
  isLoggedIn: boolean;
  token: string | null;
  sessionCheck: SessionCheck;
}

export function toSessionUser(user: Pick<User, 'firstName' | 'lastName' | 'avatar'>): SessionUser {
  return { firstName: user.firstName, lastName: user.lastName, avatar: user.avatar ?? '' };
}

function initialState(): AuthState {
  const token = readStoredToken();
  return { user: null, isLoggedIn: false, token, sessionCheck: token === null ? 'done' : 'idle' };
}

/**
 * Client-side session state. At start the stored token is read (cookie, then local storage) but
 * the user counts as logged in only after the server accepted it (spec §4, see session.ts).
 * Logins, password changes and profile edits keep the state in step with the server's answers.
 */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionCheckStarted(state) {
      state.sessionCheck = 'checking';
    },
    /** `GET /auth/me` accepted the stored token. */
    sessionRestored(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.isLoggedIn = state.token !== null;
      state.sessionCheck = 'done';
    },
    /** A login returned a fresh token and user. */
    loggedIn(state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.isLoggedIn = true;
      state.sessionCheck = 'done';
    },
    /** Logout, or the stored token was refused. */
    loggedOut(state) {
      state.user = null;
      state.token = null;
      state.isLoggedIn = false;
      state.sessionCheck = 'done';
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, { payload }) => {
        state.user = toSessionUser(payload.user);
        state.token = payload.token;
        state.isLoggedIn = true;
        state.sessionCheck = 'done';
      })
      .addMatcher(authApi.endpoints.changePassword.matchFulfilled, (state, { payload }) => {
        if (state.isLoggedIn) state.token = payload.token;
      })
      .addMatcher(
        isAnyOf(authApi.endpoints.updateInfo.matchFulfilled, authApi.endpoints.uploadProfilePhoto.matchFulfilled),
        (state, { payload }) => {
          if (state.isLoggedIn) state.user = toSessionUser(payload.user);
        },
      )
      .addMatcher(authApi.endpoints.getMe.matchFulfilled, (state, { payload }) => {
        if (state.isLoggedIn) state.user = toSessionUser(payload);
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    /** Signed in means both the flag and a token (spec §6). */
    selectIsSignedIn: (state) => state.isLoggedIn && state.token !== null,
    selectSessionChecked: (state) => state.sessionCheck === 'done',
  },
});

export const { sessionCheckStarted, sessionRestored, loggedIn, loggedOut } = authSlice.actions;
export const { selectUser, selectIsSignedIn, selectSessionChecked } = authSlice.selectors;
