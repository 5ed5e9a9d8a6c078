import type { Language } from '@/lib/languages';

/**
 * Route segments under `/:lang/`. The router and every link use these, so a route is renamed in
 * one place. Segments of screens that later issues build (products, vendre, login, …) are listed
 * already because the header and footer link to them.
 */
export const ROUTE_SEGMENTS = {
  about: 'about',
  howItWorks: 'how-it-works',
  contactUs: 'contact-us',
  products: 'products',
  product: 'product',
  sell: 'vendre',
  login: 'login',
  signUp: 'account-creation',
  emailVerification: 'email-verification',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  user: 'user',
  choosePlan: 'choose-plan',
  invoice: 'invoice',
  payment: 'payment',
  terms: 'terms',
  privacy: 'privacy',
  admin: 'admin',
  unsubscribe: 'unsubscribe',
  seller: 'seller',
} as const;

/** Child segments of the `user` dashboard (spec §2). */
export const USER_SEGMENTS = {
  /** "My ads" (the segment is the specification's). */
  myAds: 'products',
  paymentDetails: 'payment-details',
  information: 'information',
  contacts: 'contacts',
  favourites: 'favourites',
  savedSearches: 'saved-searches',
  privacy: 'privacy',
} as const;

/** Segments under "My ads" (`user/products`): creating and editing an ad (spec §2). */
export const MY_ADS_SEGMENTS = {
  addAd: 'add-product',
  editAd: 'edit-product',
} as const;

/** Child segments of the administrators' back office (`admin`, role admin only). */
export const ADMIN_SEGMENTS = {
  reports: 'reports',
  users: 'users',
  contactUs: 'contact-us',
  audit: 'audit',
  plans: 'plans',
  siteSettings: 'site-settings',
  categories: 'categories',
  brands: 'brands',
  reviews: 'reviews',
} as const;
export type AdminSegment = (typeof ADMIN_SEGMENTS)[keyof typeof ADMIN_SEGMENTS];

/** The steps of the ad editor (`?step=`); details is the default. */
export type AdEditorStep = 'details' | 'photos';

/** Builders for in-app links; every path carries the language prefix. */
export const paths = {
  home: (lang: Language) => `/${lang}/`,
  about: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.about}`,
  howItWorks: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.howItWorks}`,
  contactUs: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.contactUs}`,
  products: (lang: Language, query?: URLSearchParams) => {
    const qs = query?.toString() ?? '';
    return `/${lang}/${ROUTE_SEGMENTS.products}${qs ? `?${qs}` : ''}`;
  },
  /** Product list for an encoded search token (see lib/searchToken.ts). */
  productsForToken: (lang: Language, token: string, query?: URLSearchParams) => {
    const qs = query?.toString() ?? '';
    return `/${lang}/${ROUTE_SEGMENTS.products}/${token}${qs ? `?${qs}` : ''}`;
  },
  /** A seller's public profile: their active ads and the reviews buyers left them. */
  seller: (lang: Language, id: string) => `/${lang}/${ROUTE_SEGMENTS.seller}/${encodeURIComponent(id)}`,
  /** One ad's page. */
  product: (lang: Language, id: string) => `/${lang}/${ROUTE_SEGMENTS.product}/${encodeURIComponent(id)}`,
  sell: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.sell}`,
  /** The footer's "pricing and subscriptions" link: the sell page showing the plans. */
  pricing: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.sell}?choosePlan=true`,
  login: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.login}`,
  signUp: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.signUp}`,
  /** The login page; `returnTo` is where to go once logged in (an in-app path). */
  loginReturningTo: (lang: Language, returnTo: string) =>
    `/${lang}/${ROUTE_SEGMENTS.login}?${new URLSearchParams({ returnTo }).toString()}`,
  socialLogin: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.login}/social`,
  forgotPassword: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.forgotPassword}`,
  user: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.user}`,
  /** Order confirmation for one plan (login-protected). */
  choosePlan: (lang: Language, planId: string) =>
    `/${lang}/${ROUTE_SEGMENTS.choosePlan}?${new URLSearchParams({ plan: planId }).toString()}`,
  payment: (lang: Language, orderId: string) => `/${lang}/${ROUTE_SEGMENTS.payment}/${encodeURIComponent(orderId)}`,
  paymentSuccess: (lang: Language, orderId: string) =>
    `/${lang}/${ROUTE_SEGMENTS.payment}/${encodeURIComponent(orderId)}/success`,
  paymentFailure: (lang: Language, orderId: string) =>
    `/${lang}/${ROUTE_SEGMENTS.payment}/${encodeURIComponent(orderId)}/failure`,
  invoice: (lang: Language, invoiceId: string) => `/${lang}/${ROUTE_SEGMENTS.invoice}/${encodeURIComponent(invoiceId)}`,
  terms: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.terms}`,
  privacy: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.privacy}`,
  userPage: (lang: Language, segment: (typeof USER_SEGMENTS)[keyof typeof USER_SEGMENTS]) =>
    `/${lang}/${ROUTE_SEGMENTS.user}/${segment}`,
  /** Dashboard "Favourites": the ads the user saved (the spec's wish list). */
  favourites: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.user}/${USER_SEGMENTS.favourites}`,
  /** Dashboard "Saved searches": the searches whose new ads are e-mailed to the user. */
  savedSearches: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.user}/${USER_SEGMENTS.savedSearches}`,
  /** The one-click unsubscribe page of an alert e-mail (public). */
  unsubscribe: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.unsubscribe}`,
  /** Dashboard "My ads". */
  myAds: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.user}/${USER_SEGMENTS.myAds}`,
  /** The ad editor for a new ad. */
  addAd: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.user}/${USER_SEGMENTS.myAds}/${MY_ADS_SEGMENTS.addAd}`,
  /** The ad editor for a saved ad, at its details (default) or photos step. */
  editAd: (lang: Language, id: string, step: AdEditorStep = 'details') =>
    `/${lang}/${ROUTE_SEGMENTS.user}/${USER_SEGMENTS.myAds}/${MY_ADS_SEGMENTS.editAd}/${encodeURIComponent(id)}${
      step === 'photos' ? '?step=photos' : ''
    }`,
  /** The back office, or one of its sections. */
  admin: (lang: Language, segment?: AdminSegment) =>
    `/${lang}/${ROUTE_SEGMENTS.admin}${segment === undefined ? '' : `/${segment}`}`,
  /** One account in the back office. */
  adminUser: (lang: Language, id: string) =>
    `/${lang}/${ROUTE_SEGMENTS.admin}/${ADMIN_SEGMENTS.users}/${encodeURIComponent(id)}`,
} as const;

/**
 * A `returnTo` value is followed only when it is a path of this site (one leading slash, no
 * scheme, no protocol-relative `//host`, no backslash tricks) outside the API.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (value.startsWith('/api/') || value.startsWith('/_dev/')) return null;
  try {
    const base = window.location.origin;
    return new URL(value, base).origin === base ? value : null;
  } catch {
    return null;
  }
}
