import { http, HttpResponse } from 'msw';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { catalogueHandlers } from '@/testing/catalogue';
import { contactsHandlers } from '@/testing/contacts';
import { favouritesHandlers } from '@/testing/favourites';
import { reviewsHandlers } from '@/testing/reviews';

/** The API base as the app resolves it under jsdom (see lib/env.ts). */
export const API = `${window.location.origin}/api/v1`;

/** A settings response in the shape the backend sends. */
export const SETTINGS_RESPONSE = {
  ...DEFAULT_SETTINGS,
  languages: [...DEFAULT_SETTINGS.languages],
};

/** A user as `/auth/*` returns it. */
export const TEST_USER = {
  id: '01JTESTUSER000000000000000',
  firstName: 'Anna',
  lastName: 'Muster',
  email: 'anna@example.ch',
  phone: '+41 79 123 45 67',
  avatar: null as string | null,
  role: 'user',
  accountType: 'individual',
  status: 'active',
  emailVerified: true,
  language: 'fr',
  company: null as null | { name: string; email: string; address: string; website: string },
  createdAt: '2026-01-01T10:00:00Z',
};

/** The signed-in state a test can start from (the token cookie must match: see signIn()). */
export function signedInState(
  user: { firstName: string; lastName: string; avatar: string } = {
    firstName: TEST_USER.firstName,
    lastName: TEST_USER.lastName,
    avatar: '',
  },
) {
  return { auth: { user, isLoggedIn: true, token: 'jwt-test', sessionCheck: 'done' as const } };
}

/** Puts the token of signedInState() where the API layer reads it. */
export function signIn(): void {
  document.cookie = 'token=jwt-test; Path=/';
  window.localStorage.setItem('token', 'jwt-test');
}

/** Handlers every test starts with; tests override them with `server.use(...)`. */
export const defaultHandlers = [
  http.get(`${API}/settings`, () => HttpResponse.json(SETTINGS_RESPONSE)),
  http.get(`${API}/auth/me`, ({ request }) =>
    request.headers.get('authorization') === 'Bearer jwt-test'
      ? HttpResponse.json({ user: TEST_USER })
      : HttpResponse.json({ error: { code: 'not_logged_in', message: 'not logged in' } }, { status: 401 }),
  ),
  http.post(`${API}/auth/logout`, () => HttpResponse.json({ message: 'logout_success' })),
  http.post(`${API}/contact-us`, () =>
    HttpResponse.json({ message: 'message_sent', id: '01JTESTMESSAGE0000000000000' }, { status: 201 }),
  ),
  ...catalogueHandlers,
  ...contactsHandlers,
  ...favouritesHandlers,
  ...reviewsHandlers,
];
