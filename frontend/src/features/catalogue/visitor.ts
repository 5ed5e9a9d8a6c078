/**
 * A random id for this browser, kept in localStorage, so the server counts one view per visitor
 * and day (`POST /products/{id}/view`). It identifies nothing else.
 */
const STORAGE_KEY = 'remat.visitorId';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored visitor id, created on first use (a fresh one each time if storage is blocked). */
export function visitorId(): string {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored && /^[0-9a-f-]{16,64}$/i.test(stored)) return stored;
    const id = randomId();
    window.localStorage.setItem(STORAGE_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}
