import { isLanguage, REDIRECT_LANGUAGE, type Language } from '@/lib/languages';

/** The parts of a URL the language rules look at; matches react-router's `Location`. */
export interface PathParts {
  pathname: string;
  search: string;
  hash: string;
}

export type LocaleResolution =
  /** The path already starts with exactly one valid language segment. */
  | { kind: 'ok'; lang: Language }
  /** The path must be replaced by `to` (path + query + hash). */
  | { kind: 'redirect'; lang: Language; to: string };

/**
 * Applies the routing rules of spec §2 to a location:
 * - no valid language prefix: redirect to the French version of the same path
 *   (`/about?x=1` -> `/fr/about?x=1`, `/` -> `/fr/`, `/xx/about` -> `/fr/xx/about`);
 * - an upper-case prefix is lowered (`/DE/about` -> `/de/about`), a friendlier reading of "valid";
 * - a repeated language segment is removed (`/fr/fr/about` -> `/fr/about`, `/de/de/` -> `/de/`).
 * Query and hash are always kept. Pure, so it is table-tested and shared by the router.
 */
export function resolveLocalePath({ pathname, search, hash }: PathParts): LocaleResolution {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const segments = path.split('/').slice(1); // '/fr/about' -> ['fr', 'about']
  const first = segments[0] ?? '';
  const suffix = `${search}${hash}`;

  if (!isLanguage(first)) {
    const lowered = first.toLowerCase();
    if (isLanguage(lowered)) {
      const fixed = `/${lowered}${path.slice(first.length + 1)}`;
      const next = resolveLocalePath({ pathname: fixed, search, hash });
      return next.kind === 'redirect' ? next : { kind: 'redirect', lang: lowered, to: `${fixed}${suffix}` };
    }
    return { kind: 'redirect', lang: REDIRECT_LANGUAGE, to: `/${REDIRECT_LANGUAGE}${path}${suffix}` };
  }

  let rest = segments.slice(1);
  while (rest[0] === first) {
    rest = rest.slice(1);
  }
  if (rest.length === segments.length - 1) {
    return { kind: 'ok', lang: first };
  }
  const to = rest.length === 0 ? `/${first}` : `/${first}/${rest.join('/')}`;
  return { kind: 'redirect', lang: first, to: `${to}${suffix}` };
}

/**
 * Swaps the language prefix of a (valid, prefixed) location, keeping the rest of the path, the
 * query and the hash: `/fr/about?x=1#top` + de -> `/de/about?x=1#top`.
 */
export function switchLanguagePath({ pathname, search, hash }: PathParts, lang: Language): string {
  const segments = pathname.split('/');
  // segments[0] is '' (leading slash); segments[1] is the current prefix.
  const rest = isLanguage(segments[1]) ? segments.slice(2) : segments.slice(1);
  const path = rest.length === 0 ? `/${lang}` : `/${lang}/${rest.join('/')}`;
  return `${path}${search}${hash}`;
}

/** True on the bare language home pages (`/fr`, `/fr/`), where the header is dark. */
export function isLanguageHome(pathname: string): boolean {
  const match = /^\/([a-z]{2})\/?$/.exec(pathname);
  return match !== null && isLanguage(match[1]);
}

/** The language prefix of a path, if it has a valid one. */
export function languageFromPath(pathname: string): Language | undefined {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : undefined;
}
