import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppShell, LocaleGuard } from '@/app/AppShell';
import { PAGE_NAMESPACES, pagesAt, type PageKey } from '@/app/pages';
import { NotFound } from '@/components/NotFound/NotFound';
import { RequireAdmin } from '@/features/auth/RequireAdmin';
import { RequireAuth } from '@/features/auth/RequireAuth';
import { preloadDictionaries } from '@/i18n/i18n';
import type { Language } from '@/lib/languages';
import { languageFromPath, resolveLocalePath } from '@/lib/localePath';
import { ADMIN_SEGMENTS, MY_ADS_SEGMENTS, ROUTE_SEGMENTS, USER_SEGMENTS } from '@/lib/paths';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The pages' code, loaded on demand so that the initial bundle holds only the shell: one loader
 * per page of `PAGE_NAMESPACES` (pages.ts), which also lists the dictionaries each page needs.
 */
const PAGE_MODULES = {
  home: () => import('@/app/HomeRoute').then((m) => ({ default: m.HomeRoute })),
  products: () => import('@/app/ProductsRoute').then((m) => ({ default: m.ProductsRoute })),
  searchToken: () => import('@/app/ProductsRoute').then((m) => ({ default: m.SearchTokenRoute })),
  product: () => import('@/app/ProductRoute').then((m) => ({ default: m.ProductRoute })),
  seller: () => import('@/app/SellerRoute').then((m) => ({ default: m.SellerRoute })),
  about: () => import('@/features/about/AboutPage').then((m) => ({ default: m.AboutPage })),
  howItWorks: () => import('@/features/howItWorks/HowItWorksPage').then((m) => ({ default: m.HowItWorksPage })),
  contactUs: () => import('@/features/contactUs/ContactUsPage').then((m) => ({ default: m.ContactUsPage })),
  login: () => import('@/features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
  socialLogin: () => import('@/features/auth/SocialLoginPage').then((m) => ({ default: m.SocialLoginPage })),
  signUp: () => import('@/features/auth/SignUpPage').then((m) => ({ default: m.SignUpPage })),
  emailVerification: () => import('@/features/auth/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
  forgotPassword: () => import('@/features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
  resetPassword: () => import('@/features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
  sell: () => import('@/features/billing/SellPage').then((m) => ({ default: m.SellPage })),
  choosePlan: () => import('@/features/billing/ChoosePlanPage').then((m) => ({ default: m.ChoosePlanPage })),
  invoice: () => import('@/features/billing/InvoicePage').then((m) => ({ default: m.InvoicePage })),
  payment: () => import('@/features/billing/PaymentPage').then((m) => ({ default: m.PaymentPage })),
  paymentResult: () => import('@/features/billing/PaymentResultPage').then((m) => ({ default: m.PaymentResultPage })),
  terms: () => import('@/features/legal/LegalPage').then((m) => ({ default: m.TermsPage })),
  privacy: () => import('@/features/legal/LegalPage').then((m) => ({ default: m.PrivacyPage })),
  unsubscribe: () => import('@/features/savedSearches/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })),
  user: () => import('@/features/dashboard/UserLayout').then((m) => ({ default: m.UserLayout })),
  profile: () => import('@/features/auth/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  paymentDetails: () =>
    import('@/features/billing/PaymentDetailsPage').then((m) => ({ default: m.PaymentDetailsPage })),
  myAds: () => import('@/features/myAds/MyAdsPage').then((m) => ({ default: m.MyAdsPage })),
  adEditor: () => import('@/features/myAds/AdEditorPage').then((m) => ({ default: m.AdEditorPage })),
  contacts: () => import('@/features/contacts/ContactsPage').then((m) => ({ default: m.ContactsPage })),
  favourites: () => import('@/app/FavouritesRoute').then((m) => ({ default: m.FavouritesRoute })),
  savedSearches: () => import('@/app/SavedSearchesRoute').then((m) => ({ default: m.SavedSearchesRoute })),
  accountPrivacy: () => import('@/app/PrivacyRoute').then((m) => ({ default: m.PrivacyRoute })),
  admin: () => import('@/features/admin/AdminLayout').then((m) => ({ default: m.AdminLayout })),
  adminReports: () => import('@/features/admin/ReportsPage').then((m) => ({ default: m.ReportsPage })),
  adminReviews: () => import('@/features/admin/ReviewsPage').then((m) => ({ default: m.ReviewsPage })),
  adminUsers: () => import('@/features/admin/UsersPage').then((m) => ({ default: m.UsersPage })),
  adminUser: () => import('@/features/admin/UserDetailPage').then((m) => ({ default: m.UserDetailPage })),
  adminContactUs: () =>
    import('@/features/admin/ContactMessagesPage').then((m) => ({ default: m.ContactMessagesPage })),
  adminAudit: () => import('@/features/admin/AuditLogPage').then((m) => ({ default: m.AuditLogPage })),
  adminPlans: () => import('@/features/admin/PlansPage').then((m) => ({ default: m.PlansPage })),
  adminSiteSettings: () => import('@/features/admin/SiteSettingsPage').then((m) => ({ default: m.SiteSettingsPage })),
  adminCategories: () => import('@/features/admin/CategoriesPage').then((m) => ({ default: m.CategoriesPage })),
  adminBrands: () => import('@/features/admin/BrandsPage').then((m) => ({ default: m.BrandsPage })),
} satisfies Record<PageKey, () => PageModule>;

/**
 * Loads a page's code and, in parallel, its dictionaries in `language`: its texts arrive with its
 * code instead of after it (a second download behind the same loading state).
 */
function loadPage(page: PageKey, language: Language | undefined): PageModule {
  const code = PAGE_MODULES[page]();
  if (language === undefined) return code;
  return Promise.all([code, preloadDictionaries(language, PAGE_NAMESPACES[page])]).then(([module]) => module);
}

/** A page component that loads (code and dictionaries, in the URL's language) when first shown. */
function lazyPage(page: PageKey) {
  return lazy(() => loadPage(page, languageFromPath(window.location.pathname)));
}

const HomePage = lazyPage('home');
const ProductsPage = lazyPage('products');
const SearchTokenPage = lazyPage('searchToken');
const ProductPage = lazyPage('product');
const SellerPage = lazyPage('seller');
const AboutPage = lazyPage('about');
const HowItWorksPage = lazyPage('howItWorks');
const ContactUsPage = lazyPage('contactUs');
const LoginPage = lazyPage('login');
const SocialLoginPage = lazyPage('socialLogin');
const SignUpPage = lazyPage('signUp');
const VerifyEmailPage = lazyPage('emailVerification');
const ForgotPasswordPage = lazyPage('forgotPassword');
const ResetPasswordPage = lazyPage('resetPassword');
const SellPage = lazyPage('sell');
const ChoosePlanPage = lazyPage('choosePlan');
const InvoicePage = lazyPage('invoice');
const PaymentPage = lazyPage('payment');
const PaymentResultPage = lazyPage('paymentResult');
const TermsPage = lazyPage('terms');
const PrivacyPage = lazyPage('privacy');
const UnsubscribePage = lazyPage('unsubscribe');
const UserLayout = lazyPage('user');
const ProfilePage = lazyPage('profile');
const PaymentDetailsPage = lazyPage('paymentDetails');
const MyAdsPage = lazyPage('myAds');
const AdEditorPage = lazyPage('adEditor');
const ContactsPage = lazyPage('contacts');
const FavouritesPage = lazyPage('favourites');
const SavedSearchesPage = lazyPage('savedSearches');
const PrivacyAccountPage = lazyPage('accountPrivacy');
const AdminLayout = lazyPage('admin');
const AdminReportsPage = lazyPage('adminReports');
const AdminReviewsPage = lazyPage('adminReviews');
const AdminUsersPage = lazyPage('adminUsers');
const AdminUserPage = lazyPage('adminUser');
const AdminContactUsPage = lazyPage('adminContactUs');
const AdminAuditPage = lazyPage('adminAudit');
const AdminPlansPage = lazyPage('adminPlans');
const AdminSiteSettingsPage = lazyPage('adminSiteSettings');
const AdminCategoriesPage = lazyPage('adminCategories');
const AdminBrandsPage = lazyPage('adminBrands');

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
 * Starts fetching the code and the dictionaries of the page at `pathname` right away, so that they
 * download in parallel with the shell's dictionaries and the settings at start-up instead of after
 * them.
 */
export function preloadPage(pathname: string): void {
  const { lang } = resolveLocalePath({ pathname, search: '', hash: '' });
  for (const page of pagesAt(pathname)) void loadPage(page, lang);
}
