import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AppShell, LocaleGuard } from '@/app/AppShell';
import { NotFound } from '@/components/NotFound/NotFound';
import { resolveLocalePath } from '@/lib/localePath';
import { ROUTE_SEGMENTS } from '@/lib/paths';

/**
 * Page modules, loaded on demand so the initial bundle holds only the shell. Keyed by the first
 * path segment after the language ('' is the home page).
 */
const PAGE_MODULES = {
  '': () => import('@/features/home/HomePage').then((m) => ({ default: m.HomePage })),
  [ROUTE_SEGMENTS.about]: () => import('@/features/about/AboutPage').then((m) => ({ default: m.AboutPage })),
  [ROUTE_SEGMENTS.howItWorks]: () =>
    import('@/features/howItWorks/HowItWorksPage').then((m) => ({ default: m.HowItWorksPage })),
  [ROUTE_SEGMENTS.contactUs]: () =>
    import('@/features/contactUs/ContactUsPage').then((m) => ({ default: m.ContactUsPage })),
};

const HomePage = lazy(PAGE_MODULES['']);
const AboutPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.about]);
const HowItWorksPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.howItWorks]);
const ContactUsPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.contactUs]);

/**
 * The route table. Everything lives under `/:lang/`; the guard redirects every other path first.
 * Screens of later issues (products, products/:search, product/:id, vendre, login,
 * account-creation, user/…) slot in as further children; until then they reach the not-found page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <LocaleGuard />,
    children: [
      {
        path: ':lang',
        element: <AppShell />,
        children: [
          { index: true, element: <HomePage /> },
          { path: ROUTE_SEGMENTS.about, element: <AboutPage /> },
          { path: ROUTE_SEGMENTS.howItWorks, element: <HowItWorksPage /> },
          { path: ROUTE_SEGMENTS.contactUs, element: <ContactUsPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** Renders the route matching the current location. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts fetching the code of the page at `pathname` right away, so it downloads in parallel with
 * the dictionaries and settings at start-up instead of after them.
 */
export function preloadPage(pathname: string): void {
  const resolution = resolveLocalePath({ pathname, search: '', hash: '' });
  const path = resolution.kind === 'ok' ? pathname : resolution.to.replace(/[?#].*$/, '');
  const segment = path.split('/')[2] ?? '';
  const load = (PAGE_MODULES as Record<string, (() => Promise<unknown>) | undefined>)[segment];
  void load?.();
}
