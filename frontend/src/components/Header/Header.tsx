import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { MenuIcon, SearchIcon } from '@/components/icons';
import { LanguageSwitcher } from '@/components/LanguageSwitcher/LanguageSwitcher';
import { Logo } from '@/components/Logo/Logo';
import { MobileMenu } from '@/components/MobileMenu/MobileMenu';
import { LazySearchBox } from '@/components/SearchBox/LazySearchBox';
import { isLanguageHome } from '@/lib/localePath';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import { useScrolledPast } from '@/lib/useScroll';

/** The header pins to the top of the viewport once the page is scrolled further than this (spec §9). */
export const HEADER_FIXED_AFTER_PX = 50;

interface HeaderProps {
  /** The account area (login/sign-up icons, or the user and logout), composed in by the app. */
  account?: ReactNode;
  /** The account entries of the mobile menu (list items); `close` closes the menu. */
  menuAccount?: (close: () => void) => ReactNode;
  /** Where "Post an ad" goes (the app knows whether the visitor can post); the sell page by default. */
  postAdTo?: string | undefined;
}

function PlusIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/**
 * Site header: logo, main links, the search field (on every page but home, whose first screen is
 * a search), the primary "Post an ad", language dropdown and the account area. Narrower than
 * 1440 px the search is behind an icon that opens it under the bar; below 768 px a burger opens
 * the slide-in menu. Dark on the bare language home pages (`/fr`, `/fr/`).
 */
export function Header({ account, menuAccount, postAdTo }: HeaderProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const fixed = useScrolledPast(HEADER_FIXED_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
  }, []);
  const onHome = isLanguageHome(pathname);
  const searchId = useId();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  function closeSearch() {
    setSearchOpen(false);
    searchToggle.current?.focus();
  }

  const classes = ['site-header'];
  if (onHome) classes.push('site-header--dark');
  if (fixed) classes.push('site-header--fixed');

  return (
    <div className="site-header-slot">
      <header className={classes.join(' ')}>
        <div className="container site-header__inner">
          <Link to={paths.home(lang)} className="site-header__logo" aria-label={t('header.homeLink')}>
            <Logo />
          </Link>

          <nav className="site-header__nav" aria-label={t('header.mainNav')}>
            <ul className="site-header__links">
              <li>
                <NavLink to={paths.products(lang)}>{t('header.buy')}</NavLink>
              </li>
              <li>
                <NavLink to={paths.sell(lang)}>{t('header.sell')}</NavLink>
              </li>
              <li>
                <NavLink to={paths.howItWorks(lang)}>{t('header.howItWorks')}</NavLink>
              </li>
            </ul>
          </nav>

          {!onHome && (
            <div id={searchId} className={`site-header__search${searchOpen ? ' site-header__search--open' : ''}`}>
              <LazySearchBox
                variant="compact"
                inputRef={searchInput}
                onEscape={searchOpen ? closeSearch : undefined}
                onSearch={() => {
                  setSearchOpen(false);
                }}
              />
            </div>
          )}

          <div className="site-header__actions">
            {!onHome && (
              <button
                ref={searchToggle}
                type="button"
                className="icon-button site-header__search-toggle"
                aria-label={searchOpen ? t('header.closeSearch') : t('header.openSearch')}
                aria-expanded={searchOpen}
                aria-controls={searchId}
                onClick={() => {
                  setSearchOpen((open) => !open);
                }}
              >
                <SearchIcon />
              </button>
            )}
            <Link to={postAdTo ?? paths.sell(lang)} className="button site-header__post">
              <PlusIcon />
              <span className="site-header__post-text">{t('header.postAd')}</span>
            </Link>
            <LanguageSwitcher className="site-header__language" />
            {account}
            <button
              type="button"
              className="icon-button site-header__burger"
              aria-label={t('header.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              onClick={() => {
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </button>
          </div>
        </div>
      </header>
      <MobileMenu id={menuId} open={menuOpen} onClose={closeMenu} account={menuAccount} />
    </div>
  );
}
