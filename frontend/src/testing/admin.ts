/** A session token whose payload carries `role` (the API checks the signature; the SPA only reads it). */
export function tokenWithRole(role: 'admin' | 'user'): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'admin-1', role, ver: 0 })}.sig`;
}

export const ADMIN_TOKEN = tokenWithRole('admin');

/** Signs in an administrator: the token cookie and the matching store state (`preloadedState`). */
export function adminSession() {
  document.cookie = `token=${ADMIN_TOKEN}; Path=/`;
  window.localStorage.setItem('token', ADMIN_TOKEN);
  return {
    auth: {
      user: { firstName: 'Ada', lastName: 'Verwalterin', avatar: '' },
      isLoggedIn: true,
      token: ADMIN_TOKEN,
      sessionCheck: 'done' as const,
    },
  };
}

/** The first screen of the back office waits for its lazily loaded code. */
export const FIRST_SCREEN = { timeout: 10_000 };
