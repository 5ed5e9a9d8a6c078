import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './UserLayout.css';

/** The dashboard's sections, in the order of the specification (spec §2). */
const SECTIONS = [
  ['myAds', USER_SEGMENTS.myAds],
  ['paymentDetails', USER_SEGMENTS.paymentDetails],
  ['information', USER_SEGMENTS.information],
  ['contacts', USER_SEGMENTS.contacts],
  ['favourites', USER_SEGMENTS.favourites],
  ['savedSearches', USER_SEGMENTS.savedSearches],
  ['privacy', USER_SEGMENTS.privacy],
] as const;

/**
 * Below 768 px the menu is one row of tabs that scrolls sideways inside itself (the page never
 * does): this brings the current section's tab into the middle of that row, without moving the
 * page, so the seller sees where they are.
 */
function useCurrentTabInView(navRef: RefObject<HTMLElement | null>, pathname: string) {
  useEffect(() => {
    const nav = navRef.current;
    if (!nav || nav.scrollWidth <= nav.clientWidth) return;
    const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
    if (!current) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [navRef, pathname]);
}

/**
 * The `user` dashboard: a section menu beside the current section; below 768 px a row of tabs
 * above it (one line, one tap to any section, the current one underlined and `aria-current`),
 * rather than a disclosure menu, which would hide where the seller is and cost a second tap.
 */
export function UserLayout() {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  useCurrentTabInView(navRef, pathname);
  return (
    <div className="container page dashboard">
      <nav ref={navRef} className="dashboard__nav" aria-label={t('nav.label')}>
        <ul>
          {SECTIONS.map(([key, segment]) => (
            <li key={segment}>
              <NavLink to={paths.userPage(lang, segment)}>{t(`nav.${key}`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dashboard__content">
        <Outlet />
      </div>
    </div>
  );
}
