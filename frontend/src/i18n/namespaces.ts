/**
 * Translation namespaces: one per feature plus `common` (shell, shared UI) and `errors` (every
 * server and network error code). Each is a file `locales/<lang>/<ns>.json` and, in the build, a
 * chunk of its own that a page downloads only when it uses the namespace.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'home',
  'about',
  'howItWorks',
  'contactUs',
  'auth',
  'dashboard',
  'billing',
  'legal',
  'catalogue',
  'myAds',
  'reports',
  'admin',
  'adminSettings',
  'adminTaxonomy',
  'contacts',
  'privacy',
  'favourites',
  'savedSearches',
  'reviews',
  'map',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;
