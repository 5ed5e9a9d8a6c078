/** The roles a session token can carry (the `role` claim, spec §6). */
export type TokenRole = 'user' | 'admin';

/**
 * The `role` claim of a session token (a JWT), or null when the token is missing or unreadable.
 * Only decides what the interface shows: the API checks the signature and the role on every call.
 */
export function roleFromToken(token: string | null | undefined): TokenRole | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { role } = claims as { role?: unknown };
    return role === 'admin' || role === 'user' ? role : null;
  } catch {
    return null;
  }
}
