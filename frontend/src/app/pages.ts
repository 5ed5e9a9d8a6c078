import type { Namespace } from '@/i18n/namespaces';
import { resolveLocalePath } from '@/lib/localePath';
import { ADMIN_SEGMENTS, ROUTE_SEGMENTS, USER_SEGMENTS, type AdminSegment } from '@/lib/paths';

/** The namespaces the shell renders on every page (header, footer, menus, not-found). */
export const SHELL_NAMESPACES = ['common'] as const satisfies readonly Namespace[];

/**
 * The lazily loaded pages (each its own chunk in router.tsx) and the namespaces each one renders
 * beyond the shell's, so that a page's dictionaries download together with its code instead of
 * after it. pages.test.ts reads every module a page imports and fails when a namespace is missing
 * here (it would load late, behind a second loading state) or listed without being used.
 * `user` and `admin` are the layouts; their sections add their own entries.
 */
export const PAGE_NAMESPACES = {
  home: ['home', 'catalogue', 'favourites'],
  products: ['catalogue', 'favourites', 'savedSearches', 'map', 'errors'],
  searchToken: ['catalogue', 'favourites', 'savedSearches', 'map', 'errors'],
  product: ['catalogue', 'contacts', 'favourites', 'reports', 'reviews', 'map', 'errors'],
  seller: ['catalogue', 'favourites', 'reviews', 'errors'],
  about: ['about'],
  howItWorks: ['howItWorks'],
  contactUs: ['contactUs', 'errors'],
  login: ['auth', 'errors'],
  socialLogin: ['auth'],
  signUp: ['auth', 'errors'],
  emailVerification: ['auth', 'errors'],
  forgotPassword: ['auth', 'errors'],
  resetPassword: ['auth', 'errors'],
  sell: ['billing', 'errors'],
  choosePlan: ['billing', 'errors'],
  invoice: ['billing', 'errors'],
  payment: ['billing', 'errors'],
  paymentResult: ['billing', 'errors'],
  terms: ['legal'],
  privacy: ['legal'],
  unsubscribe: ['savedSearches', 'errors'],
  user: ['dashboard'],
  profile: ['auth', 'errors'],
  paymentDetails: ['billing', 'errors'],
  myAds: ['myAds', 'errors'],
  adEditor: ['myAds', 'errors'],
  contacts: ['contacts', 'errors'],
  favourites: ['catalogue', 'favourites', 'errors'],
  savedSearches: ['savedSearches', 'errors'],
  accountPrivacy: ['privacy', 'errors'],
  admin: ['admin', 'errors'],
  adminReports: ['admin', 'errors'],
  adminReviews: ['admin', 'errors'],
  adminUsers: ['admin', 'errors'],
  adminUser: ['admin', 'errors'],
  adminContactUs: ['admin', 'errors'],
  adminAudit: ['admin', 'errors'],
  adminPlans: ['admin', 'adminSettings', 'errors'],
  adminSiteSettings: ['admin', 'adminSettings', 'errors'],
  adminCategories: ['admin', 'adminTaxonomy', 'errors'],
  adminBrands: ['admin', 'adminTaxonomy', 'errors'],
} as const satisfies Record<string, readonly Namespace[]>;

/** A lazily loaded page; router.tsx has one loader per key. */
export type PageKey = keyof typeof PAGE_NAMESPACES;

type RouteKey = keyof typeof ROUTE_SEGMENTS;
type UserSegment = (typeof USER_SEGMENTS)[keyof typeof USER_SEGMENTS];

/** The page each first segment under `/:lang/` shows (the route segments are named like pages). */
const PAGE_BY_SEGMENT = new Map<string, RouteKey>(
  Object.entries(ROUTE_SEGMENTS).map(([key, segment]) => [segment, key as RouteKey]),
);

const USER_PAGES = {
  [USER_SEGMENTS.information]: 'profile',
  [USER_SEGMENTS.paymentDetails]: 'paymentDetails',
  [USER_SEGMENTS.myAds]: 'myAds',
  [USER_SEGMENTS.contacts]: 'contacts',
  [USER_SEGMENTS.favourites]: 'favourites',
  [USER_SEGMENTS.savedSearches]: 'savedSearches',
  [USER_SEGMENTS.privacy]: 'accountPrivacy',
} as const satisfies Record<UserSegment, PageKey>;

const ADMIN_PAGES = {
  [ADMIN_SEGMENTS.reports]: 'adminReports',
  [ADMIN_SEGMENTS.reviews]: 'adminReviews',
  [ADMIN_SEGMENTS.users]: 'adminUsers',
  [ADMIN_SEGMENTS.contactUs]: 'adminContactUs',
  [ADMIN_SEGMENTS.audit]: 'adminAudit',
  [ADMIN_SEGMENTS.plans]: 'adminPlans',
  [ADMIN_SEGMENTS.siteSettings]: 'adminSiteSettings',
  [ADMIN_SEGMENTS.categories]: 'adminCategories',
  [ADMIN_SEGMENTS.brands]: 'adminBrands',
} as const satisfies Record<AdminSegment, PageKey>;

function lookup<K extends string, V>(table: Record<K, V>, key: string | undefined): V | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key as K] : undefined;
}

function userPages(child: string | undefined, grandchild: string | undefined): PageKey[] {
  // The dashboard's index redirects to the profile.
  if (child === undefined) return ['user', 'profile'];
  if (child === USER_SEGMENTS.myAds && grandchild !== undefined) return ['user', 'adEditor'];
  const page = lookup(USER_PAGES, child);
  return page ? ['user', page] : ['user'];
}

function adminPages(child: string | undefined, grandchild: string | undefined): PageKey[] {
  // The back office's index redirects to the reports.
  if (child === undefined) return ['admin', 'adminReports'];
  if (child === ADMIN_SEGMENTS.users && grandchild !== undefined) return ['admin', 'adminUser'];
  const page = lookup(ADMIN_PAGES, child);
  return page ? ['admin', page] : ['admin'];
}

/**
 * The lazily loaded pages that `pathname` shows, outermost first (`/fr/user/products` -> the
 * dashboard layout and "my ads"). A path without a valid language prefix counts as the one the
 * language guard redirects to; a path no page serves gives none (the shell's not-found page).
 */
export function pagesAt(pathname: string): PageKey[] {
  const resolution = resolveLocalePath({ pathname, search: '', hash: '' });
  const path = resolution.kind === 'ok' ? pathname : resolution.to.replace(/[?#].*$/, '');
  const [segment = '', child, grandchild] = path
    .split('/')
    .slice(2)
    .map((part) => part || undefined);
  if (segment === '') return ['home'];
  const page = PAGE_BY_SEGMENT.get(segment);
  switch (page) {
    case undefined:
      return [];
    case 'products':
      return [child === undefined ? 'products' : 'searchToken'];
    case 'login':
      return [child === 'social' ? 'socialLogin' : 'login'];
    case 'payment':
      return [grandchild === undefined ? 'payment' : 'paymentResult'];
    case 'user':
      return userPages(child, grandchild);
    case 'admin':
      return adminPages(child, grandchild);
    default:
      return [page];
  }
}

/** Every namespace the page at `pathname` renders: the shell's and its pages'. */
export function namespacesAt(pathname: string): Namespace[] {
  return [...new Set<Namespace>([...SHELL_NAMESPACES, ...pagesAt(pathname).flatMap((page) => PAGE_NAMESPACES[page])])];
}
