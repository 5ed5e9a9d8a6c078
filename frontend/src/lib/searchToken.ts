import { normalizeCriteria, type SearchCriteria } from '@/lib/searchCriteria';

/**
 * A search token is the search criteria as base64url(JSON), used in `/{lang}/products/{token}`
 * (spec §2 "products/{search}"). Criteria are normalised first, so one search always has one
 * token: `{category: 'all'}` -> `eyJjYXRlZ29yeSI6ImFsbCJ9`.
 */
export function encodeSearchToken(criteria: SearchCriteria): string {
  const json = JSON.stringify(normalizeCriteria(criteria));
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reads a token back; returns null for anything that is not a token of an object. */
export function decodeSearchToken(token: string): SearchCriteria | null {
  if (!/^[A-Za-z0-9_-]*$/.test(token)) return null;
  try {
    const base64 = token.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
    return normalizeCriteria(json);
  } catch {
    return null;
  }
}
