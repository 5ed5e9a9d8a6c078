import { http, HttpResponse } from 'msw';
import { DEFAULT_SETTINGS } from '@/lib/settings';

/** The API base as the app resolves it under jsdom (see lib/env.ts). */
export const API = `${window.location.origin}/api/v1`;

/** A settings response in the shape the backend sends. */
export const SETTINGS_RESPONSE = {
  ...DEFAULT_SETTINGS,
  languages: [...DEFAULT_SETTINGS.languages],
};

/** Handlers every test starts with; tests override them with `server.use(...)`. */
export const defaultHandlers = [
  http.get(`${API}/settings`, () => HttpResponse.json(SETTINGS_RESPONSE)),
  http.post(`${API}/contact-us`, () =>
    HttpResponse.json({ message: 'message_sent', id: '01JTESTMESSAGE0000000000000' }, { status: 201 }),
  ),
];
