/**
 * Where the session token lives (spec §9): a cookie named `token` with path `/`, mirrored in
 * local storage. The API layer sends it as `Authorization: Bearer <token>`.
 */
export const TOKEN_COOKIE = 'token';
const TOKEN_STORAGE_KEY = 'token';

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
export function storeToken(token: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${String(maxAgeSeconds)}; SameSite=Strict${secure}`;
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage disabled: the cookie alone still works
  }
}

/** Removes the token from both places (logout). */
export function clearStoredToken(): void {
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
