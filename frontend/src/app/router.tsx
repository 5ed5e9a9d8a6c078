import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppShell, LocaleGuard } from '@/app/AppShell';
import { NotFound } from '@/components/NotFound/NotFound';
import { RequireAdmin } from '@/features/auth/RequireAdmin';
import { RequireAuth } from '@/features/auth/RequireAuth';
import { resolveLocalePath } from '@/lib/localePath';
import { ADMIN_SEGMENTS, MY_ADS_SEGMENTS, ROUTE_SEGMENTS, USER_SEGMENTS } from '@/lib/paths';

/**
 * Page modules, loaded on demand so the initial bundle holds only the shell. Keyed by the first
 * path segment after the language ('' is the home page).
 */
const PAGE_MODULES = {
  '': () => import('@/app/HomeRoute').then((m) => ({ default: m.HomeRoute })),
  [ROUTE_SEGMENTS.products]: () => import('@/app/ProductsRoute').then((m) => ({ default: m.ProductsRoute })),
  [ROUTE_SEGMENTS.product]: () => import('@/app/ProductRoute').then((m) => ({ default: m.ProductRoute })),
  [ROUTE_SEGMENTS.about]: () => import('@/features/about/AboutPage').then((m) => ({ default: m.AboutPage })),
  [ROUTE_SEGMENTS.howItWorks]: () =>
    import('@/features/howItWorks/HowItWorksPage').then((m) => ({ default: m.HowItWorksPage })),
  [ROUTE_SEGMENTS.contactUs]: () =>
    import('@/features/contactUs/ContactUsPage').then((m) => ({ default: m.ContactUsPage })),
  [ROUTE_SEGMENTS.login]: () => import('@/features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
  [ROUTE_SEGMENTS.signUp]: () => import('@/features/auth/SignUpPage').then((m) => ({ default: m.SignUpPage })),
  [ROUTE_SEGMENTS.emailVerification]: () =>
    import('@/features/auth/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
  [ROUTE_SEGMENTS.forgotPassword]: () =>
    import('@/features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
  [ROUTE_SEGMENTS.resetPassword]: () =>
    import('@/features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
  [ROUTE_SEGMENTS.user]: () => import('@/features/dashboard/UserLayout').then((m) => ({ default: m.UserLayout })),
  [ROUTE_SEGMENTS.sell]: () => import('@/features/billing/SellPage').then((m) => ({ default: m.SellPage })),
  [ROUTE_SEGMENTS.choosePlan]: () =>
    import('@/features/billing/ChoosePlanPage').then((m) => ({ default: m.ChoosePlanPage })),
  [ROUTE_SEGMENTS.invoice]: () => import('@/features/billing/InvoicePage').then((m) => ({ default: m.InvoicePage })),
  [ROUTE_SEGMENTS.terms]: () => import('@/features/legal/LegalPage').then((m) => ({ default: m.TermsPage })),
  [ROUTE_SEGMENTS.privacy]: () => import('@/features/legal/LegalPage').then((m) => ({ default: m.PrivacyPage })),
  [ROUTE_SEGMENTS.payment]: () => import('@/features/billing/PaymentPage').then((m) => ({ default: m.PaymentPage })),
  [ROUTE_SEGMENTS.admin]: () => import('@/features/admin/AdminLayout').then((m) => ({ default: m.AdminLayout })),
  [ROUTE_SEGMENTS.unsubscribe]: () =>
    import('@/features/savedSearches/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })),
  [ROUTE_SEGMENTS.seller]: () => import('@/app/SellerRoute').then((m) => ({ default: m.SellerRoute })),
};

/** The back office's sections (administrators only), each its own chunk. */
const ADMIN_MODULES = {
  [ADMIN_SEGMENTS.reports]: () => import('@/features/admin/ReportsPage').then((m) => ({ default: m.ReportsPage })),
  [ADMIN_SEGMENTS.reviews]: () => import('@/features/admin/ReviewsPage').then((m) => ({ default: m.ReviewsPage })),
  [ADMIN_SEGMENTS.users]: () => import('@/features/admin/UsersPage').then((m) => ({ default: m.UsersPage })),
  [ADMIN_SEGMENTS.contactUs]: () =>
    import('@/features/admin/ContactMessagesPage').then((m) => ({ default: m.ContactMessagesPage })),
  [ADMIN_SEGMENTS.audit]: () => import('@/features/admin/AuditLogPage').then((m) => ({ default: m.AuditLogPage })),
  [ADMIN_SEGMENTS.plans]: () => import('@/features/admin/PlansPage').then((m) => ({ default: m.PlansPage })),
  [ADMIN_SEGMENTS.siteSettings]: () =>
    import('@/features/admin/SiteSettingsPage').then((m) => ({ default: m.SiteSettingsPage })),
  [ADMIN_SEGMENTS.categories]: () =>
    import('@/features/admin/CategoriesPage').then((m) => ({ default: m.CategoriesPage })),
  [ADMIN_SEGMENTS.brands]: () => import('@/features/admin/BrandsPage').then((m) => ({ default: m.BrandsPage })),
};
const loadAdminUser = () => import('@/features/admin/UserDetailPage').then((m) => ({ default: m.UserDetailPage }));

const loadSocialLogin = () => import('@/features/auth/SocialLoginPage').then((m) => ({ default: m.SocialLoginPage }));
const loadProfile = () => import('@/features/auth/ProfilePage').then((m) => ({ default: m.ProfilePage }));
const loadPaymentResult = () =>
  import('@/features/billing/PaymentResultPage').then((m) => ({ default: m.PaymentResultPage }));
const loadPaymentDetails = () =>
  import('@/features/billing/PaymentDetailsPage').then((m) => ({ default: m.PaymentDetailsPage }));
const loadMyAds = () => import('@/features/myAds/MyAdsPage').then((m) => ({ default: m.MyAdsPage }));
const loadAdEditor = () => import('@/features/myAds/AdEditorPage').then((m) => ({ default: m.AdEditorPage }));
const loadContacts = () => import('@/features/contacts/ContactsPage').then((m) => ({ default: m.ContactsPage }));
const loadFavourites = () => import('@/app/FavouritesRoute').then((m) => ({ default: m.FavouritesRoute }));
const loadSavedSearches = () => import('@/app/SavedSearchesRoute').then((m) => ({ default: m.SavedSearchesRoute }));
const loadPrivacy = () => import('@/app/PrivacyRoute').then((m) => ({ default: m.PrivacyRoute }));

const HomePage = lazy(PAGE_MODULES['']);
const ProductsPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.products]);
const loadSearchTokenPage = () => import('@/app/ProductsRoute').then((m) => ({ default: m.SearchTokenRoute }));
const SearchTokenPage = lazy(loadSearchTokenPage);
const ProductPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.product]);
const AboutPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.about]);
const HowItWorksPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.howItWorks]);
const ContactUsPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.contactUs]);
const LoginPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.login]);
const SocialLoginPage = lazy(loadSocialLogin);
const SignUpPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.signUp]);
const VerifyEmailPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.emailVerification]);
const ForgotPasswordPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.forgotPassword]);
const ResetPasswordPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.resetPassword]);
const UserLayout = lazy(PAGE_MODULES[ROUTE_SEGMENTS.user]);
const ProfilePage = lazy(loadProfile);
const SellPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.sell]);
const ChoosePlanPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.choosePlan]);
const InvoicePage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.invoice]);
const TermsPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.terms]);
const PrivacyPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.privacy]);
const PaymentPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.payment]);
const AdminLayout = lazy(PAGE_MODULES[ROUTE_SEGMENTS.admin]);
const UnsubscribePage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.unsubscribe]);
const SellerPage = lazy(PAGE_MODULES[ROUTE_SEGMENTS.seller]);
const AdminReportsPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.reports]);
const AdminReviewsPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.reviews]);
const AdminUsersPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.users]);
const AdminUserPage = lazy(loadAdminUser);
const AdminContactUsPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.contactUs]);
const AdminAuditPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.audit]);
const AdminPlansPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.plans]);
const AdminSiteSettingsPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.siteSettings]);
const AdminCategoriesPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.categories]);
const AdminBrandsPage = lazy(ADMIN_MODULES[ADMIN_SEGMENTS.brands]);
const PaymentResultPage = lazy(loadPaymentResult);
const PaymentDetailsPage = lazy(loadPaymentDetails);
const MyAdsPage = lazy(loadMyAds);
const AdEditorPage = lazy(loadAdEditor);
const ContactsPage = lazy(loadContacts);
const FavouritesPage = lazy(loadFavourites);
const SavedSearchesPage = lazy(loadSavedSearches);
const PrivacyAccountPage = lazy(loadPrivacy);

/**
 * The route table. Everything lives under `/:lang/`; the guard redirects every other path first.
 * Screens of later issues (products, products/:search, product/:id, vendre, …) slot in as further
 * children; until then they reach the not-found page.
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
          { path: ROUTE_SEGMENTS.products, element: <ProductsPage /> },
          { path: `${ROUTE_SEGMENTS.products}/:search`, element: <SearchTokenPage /> },
          { path: `${ROUTE_SEGMENTS.product}/:id`, element: <ProductPage /> },
          // A seller's public profile (their ads and reviews): works signed out.
          { path: `${ROUTE_SEGMENTS.seller}/:id`, element: <SellerPage /> },
          { path: ROUTE_SEGMENTS.howItWorks, element: <HowItWorksPage /> },
          { path: ROUTE_SEGMENTS.contactUs, element: <ContactUsPage /> },
          { path: ROUTE_SEGMENTS.login, element: <LoginPage /> },
          { path: `${ROUTE_SEGMENTS.login}/social`, element: <SocialLoginPage /> },
          { path: ROUTE_SEGMENTS.signUp, element: <SignUpPage /> },
          { path: `${ROUTE_SEGMENTS.emailVerification}/:token`, element: <VerifyEmailPage /> },
          { path: ROUTE_SEGMENTS.forgotPassword, element: <ForgotPasswordPage /> },
          { path: `${ROUTE_SEGMENTS.resetPassword}/:token`, element: <ResetPasswordPage /> },
          { path: ROUTE_SEGMENTS.sell, element: <SellPage /> },
          { path: ROUTE_SEGMENTS.terms, element: <TermsPage /> },
          { path: ROUTE_SEGMENTS.privacy, element: <PrivacyPage /> },
          // The one-click unsubscribe of an alert e-mail: public, it works signed out.
          { path: ROUTE_SEGMENTS.unsubscribe, element: <UnsubscribePage /> },
          {
            // Login-protected (spec §2). The other dashboard sections arrive with later issues;
            // until then they show the not-found page.
            element: <RequireAuth />,
            children: [
              { path: ROUTE_SEGMENTS.choosePlan, element: <ChoosePlanPage /> },
              { path: `${ROUTE_SEGMENTS.invoice}/:id`, element: <InvoicePage /> },
              { path: `${ROUTE_SEGMENTS.payment}/:orderId`, element: <PaymentPage /> },
              { path: `${ROUTE_SEGMENTS.payment}/:orderId/success`, element: <PaymentResultPage /> },
              { path: `${ROUTE_SEGMENTS.payment}/:orderId/failure`, element: <PaymentResultPage /> },
              {
                path: ROUTE_SEGMENTS.user,
                element: <UserLayout />,
                children: [
                  { index: true, element: <Navigate to={USER_SEGMENTS.information} replace /> },
                  { path: USER_SEGMENTS.information, element: <ProfilePage /> },
                  { path: USER_SEGMENTS.paymentDetails, element: <PaymentDetailsPage /> },
                  { path: USER_SEGMENTS.myAds, element: <MyAdsPage /> },
                  { path: USER_SEGMENTS.contacts, element: <ContactsPage /> },
                  { path: USER_SEGMENTS.favourites, element: <FavouritesPage /> },
                  { path: USER_SEGMENTS.savedSearches, element: <SavedSearchesPage /> },
                  { path: USER_SEGMENTS.privacy, element: <PrivacyAccountPage /> },
                  {
                    path: `${USER_SEGMENTS.myAds}/${MY_ADS_SEGMENTS.addAd}`,
                    element: <AdEditorPage />,
                  },
                  {
                    path: `${USER_SEGMENTS.myAds}/${MY_ADS_SEGMENTS.editAd}/:id`,
                    element: <AdEditorPage />,
                  },
                  { path: '*', element: <NotFound /> },
                ],
              },
            ],
          },
          {
            // The back office: administrators only (others are told they may not enter).
            path: ROUTE_SEGMENTS.admin,
            element: <RequireAdmin />,
            children: [
              {
                element: <AdminLayout />,
                children: [
                  { index: true, element: <Navigate to={ADMIN_SEGMENTS.reports} replace /> },
                  { path: ADMIN_SEGMENTS.reports, element: <AdminReportsPage /> },
                  { path: ADMIN_SEGMENTS.reviews, element: <AdminReviewsPage /> },
                  { path: ADMIN_SEGMENTS.users, element: <AdminUsersPage /> },
                  { path: `${ADMIN_SEGMENTS.users}/:id`, element: <AdminUserPage /> },
                  { path: ADMIN_SEGMENTS.contactUs, element: <AdminContactUsPage /> },
                  { path: ADMIN_SEGMENTS.audit, element: <AdminAuditPage /> },
                  { path: ADMIN_SEGMENTS.plans, element: <AdminPlansPage /> },
                  { path: ADMIN_SEGMENTS.siteSettings, element: <AdminSiteSettingsPage /> },
                  { path: ADMIN_SEGMENTS.categories, element: <AdminCategoriesPage /> },
                  { path: ADMIN_SEGMENTS.brands, element: <AdminBrandsPage /> },
                  { path: '*', element: <NotFound /> },
                ],
              },
            ],
          },
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
  const child = path.split('/')[3];
  if (segment === ROUTE_SEGMENTS.user) {
    if (child === USER_SEGMENTS.myAds) void (path.split('/')[4] ? loadAdEditor() : loadMyAds());
    else if (child === USER_SEGMENTS.contacts) void loadContacts();
    else if (child === USER_SEGMENTS.favourites) void loadFavourites();
    else if (child === USER_SEGMENTS.savedSearches) void loadSavedSearches();
    else if (child === USER_SEGMENTS.privacy) void loadPrivacy();
    else void (child === USER_SEGMENTS.paymentDetails ? loadPaymentDetails() : loadProfile());
  }
  if (segment === ROUTE_SEGMENTS.payment && child !== undefined && path.split('/')[4] !== undefined)
    void loadPaymentResult();
  if (segment === ROUTE_SEGMENTS.login && child === 'social') void loadSocialLogin();
  if (segment === ROUTE_SEGMENTS.admin) {
    const loadSection = (ADMIN_MODULES as Record<string, (() => Promise<unknown>) | undefined>)[child ?? ''];
    if (child === ADMIN_SEGMENTS.users && path.split('/')[4]) void loadAdminUser();
    else void (loadSection ?? ADMIN_MODULES.reports)();
  }
}
