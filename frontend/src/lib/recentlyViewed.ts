/**
 * "Recently viewed materials" (spec §2, home): the ids of the last ads this browser opened, newest
 * first, kept in localStorage only. The home page fetches their cards in one batch request.
 */

/** How many ads the list keeps. */
export const RECENTLY_VIEWED_MAX = 12;

const STORAGE_KEY = 'remat.recentlyViewed';

/** Ad ids are ULIDs; anything else found in storage is ignored. */
const ID_PATTERN = /^[0-9A-Za-z]{1,64}$/;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** The stored ids, newest first; an empty list when there are none or they are unreadable. */
export function readRecentlyViewed(): string[] {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter(isId))].slice(0, RECENTLY_VIEWED_MAX);
  } catch {
    return [];
  }
}

/** Puts `id` first (moving it if it was already listed) and keeps the newest RECENTLY_VIEWED_MAX. */
export function addRecentlyViewed(id: string): string[] {
  if (!isId(id)) return readRecentlyViewed();
  const next = [id, ...readRecentlyViewed().filter((existing) => existing !== id)].slice(0, RECENTLY_VIEWED_MAX);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the list is a convenience, never an error
  }
  return next;
}

/** Forgets ads the server no longer lists (deleted or no longer active), keeping the order. */
export function forgetRecentlyViewed(ids: readonly string[]): void {
  if (ids.length === 0) return;
  const drop = new Set(ids);
  const current = readRecentlyViewed();
  const next = current.filter((id) => !drop.has(id));
  if (next.length === current.length) return;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // see addRecentlyViewed
  }
}
