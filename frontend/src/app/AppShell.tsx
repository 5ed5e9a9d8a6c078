import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { ErrorBoundary } from '@/components/ErrorBoundary/ErrorBoundary';
import { Footer } from '@/components/Footer/Footer';
import { Header } from '@/components/Header/Header';
import { NotFound } from '@/components/NotFound/NotFound';
import { Preloader } from '@/components/Preloader/Preloader';
import { PAGE_TOP_ID, ScrollToTop } from '@/components/ScrollToTop/ScrollToTop';
import { SiteNotice } from '@/components/SiteNotice/SiteNotice';
import { Toasts } from '@/components/Toasts/Toasts';
import { useAppSelector } from '@/app/hooks';
import { AccountMenu, MobileAccountLinks } from '@/features/auth/AccountMenu';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { useLogout } from '@/features/auth/useLogout';
import { ContactsBadge } from '@/features/contacts/ContactsBadge';
import { resolveLocalePath } from '@/lib/localePath';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

const MAIN_ID = 'main-content';

/**
 * Applies the language rules of spec §2 before anything renders: a path without a valid language
 * prefix, or with a repeated one, is replaced by its canonical form (query and hash kept).
 */
export function LocaleGuard() {
  const location = useLocation();
  const resolution = resolveLocalePath(location);
  if (resolution.kind === 'redirect') {
    return <Navigate to={resolution.to} replace />;
  }
  return <Outlet />;
}

/**
 * When a link or redirect opens another page: scroll to the top and move focus to the main
 * landmark, so screen readers start reading the new page. Back/forward (the browser restores the
 * position) and a language switch (same page, other prefix) leave both alone.
 */
function useResetOnNavigation(pathname: string) {
  const navigationType = useNavigationType();
  const pagePath = pathname.replace(/^\/[^/]+/, '');
  const previous = useRef(pagePath);
  useEffect(() => {
    if (previous.current !== pagePath && navigationType !== NavigationType.Pop) {
      window.scrollTo(0, 0);
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    }
    previous.current = pagePath;
  }, [pagePath, navigationType]);
}

/**
 * The page shell under `/:lang/`: skip link, the administrators' site notice, header, main, footer,
 * scroll-to-top and toasts.
 * The URL is the only source of the language; i18next (and with it `<html lang>`) follows it.
 */
export function AppShell() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  useResetOnNavigation(pathname);
  const { logout, pending: logoutPending } = useLogout();
  const signedIn = useAppSelector(selectIsSignedIn);
  const renderMobileAccount = (close: () => void) => (
    <MobileAccountLinks onNavigate={close} onLogout={logout} logoutPending={logoutPending} />
  );

  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);

  function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
    // Focus the main landmark without a hash change, which the router would record as a navigation.
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  }

  return (
    <>
      <div id={PAGE_TOP_ID} tabIndex={-1} className="page-top" />
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        {t('skipLink')}
      </a>
      <SiteNotice />
      <Header
        account={
          <>
            {signedIn && <ContactsBadge />}
            <AccountMenu onLogout={logout} logoutPending={logoutPending} />
          </>
        }
        menuAccount={renderMobileAccount}
        postAdTo={signedIn ? paths.addAd(lang) : paths.sell(lang)}
      />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <ErrorBoundary key={pathname} fallback={<NotFound />}>
          <Suspense fallback={<Preloader inline />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
      <Toasts />
    </>
  );
}
