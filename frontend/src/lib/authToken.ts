/**
 * Where the session token lives (spec §9): a cookie named `token` with path `/`, mirrored in
 * local storage. The API layer sends it as `Authorization: Bearer <token>`.
 */
export const TOKEN_COOKIE = 'token';
const TOKEN_STORAGE_KEY = 'token';
const LOGIN_TYPE_KEY = 'loginType';

/** Session storage key where the social sign-in remembers its provider until the API sends the browser back. */
export const OAUTH_PROVIDER_KEY = 'oauthProvider';

/** The session lasts as long as the server's token: 7 days. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** How the user signed in; kept in local storage and cleared at logout (spec §4). */
export const LOGIN_TYPES = ['email', 'google', 'facebook'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** Reads one cookie by name from `document.cookie`; undefined when absent or empty. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw === '') return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The bearer token from the `token` cookie, the only source the API layer trusts. */
export function readTokenCookie(): string | undefined {
  return readCookie(TOKEN_COOKIE);
}

/** The stored token at start-up: the cookie first, then local storage. */
export function readStoredToken(): string | null {
  const fromCookie = readTokenCookie();
  if (fromCookie) return fromCookie;
  try {
    const stored = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    return stored === null || stored === '' ? null : stored;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

/** Saves the token in both places (used by the login feature). */
export function storeToken(token: string, maxAgeSeconds: number = SESSION_MAX_AGE_SECONDS): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${String(maxAgeSeconds)}; SameSite=Lax${secure}`;
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage disabled: the cookie alone still works
  }
}

/** Removes the token from both places (logout). */
export function clearStoredToken(): void {
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/** Remembers how the user signed in. */
export function storeLoginType(type: LoginType): void {
  try {
    window.localStorage.setItem(LOGIN_TYPE_KEY, type);
  } catch {
    // storage disabled
  }
}

/** The stored login type, or null. */
export function readLoginType(): LoginType | null {
  try {
    const value = window.localStorage.getItem(LOGIN_TYPE_KEY);
    return (LOGIN_TYPES as readonly (string | null)[]).includes(value) ? (value as LoginType) : null;
  } catch {
    return null;
  }
}

/** Forgets the stored login type (logout). */
export function clearLoginType(): void {
  try {
    window.localStorage.removeItem(LOGIN_TYPE_KEY);
  } catch {
    // nothing stored
  }
}
