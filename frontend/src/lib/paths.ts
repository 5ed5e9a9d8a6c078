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
  sell: 'vendre',
  login: 'login',
  signUp: 'account-creation',
} as const;

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
  productsForToken: (lang: Language, token: string) => `/${lang}/${ROUTE_SEGMENTS.products}/${token}`,
  sell: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.sell}`,
  /** The footer's "pricing and subscriptions" link: the sell page showing the plans. */
  pricing: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.sell}?choosePlan=true`,
  login: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.login}`,
  signUp: (lang: Language) => `/${lang}/${ROUTE_SEGMENTS.signUp}`,
} as const;
