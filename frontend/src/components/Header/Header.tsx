import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { MenuIcon } from '@/components/icons';
import { LanguageSwitcher } from '@/components/LanguageSwitcher/LanguageSwitcher';
import { Logo } from '@/components/Logo/Logo';
import { MobileMenu } from '@/components/MobileMenu/MobileMenu';
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
}

/**
 * Site header: logo, main links, language dropdown, the account area; below 768 px a burger
 * opens the slide-in menu. Dark on the bare language home pages (`/fr`, `/fr/`).
 */
export function Header({ account, menuAccount }: HeaderProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const fixed = useScrolledPast(HEADER_FIXED_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
  }, []);

  const classes = ['site-header'];
  if (isLanguageHome(pathname)) classes.push('site-header--dark');
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

          <div className="site-header__actions">
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
