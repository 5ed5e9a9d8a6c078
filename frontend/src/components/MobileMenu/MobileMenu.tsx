import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CloseIcon } from '@/components/icons';
import { LanguageSwitcher } from '@/components/LanguageSwitcher/LanguageSwitcher';
import { paths } from '@/lib/paths';
import { encodeSearchToken } from '@/lib/searchToken';
import { useFocusTrap } from '@/lib/useFocusTrap';
import { useLang } from '@/lib/useLang';

/** The mobile Buy link opens the catalogue for "all categories" as a search token (spec §2). */
export const ALL_CATEGORIES_TOKEN = encodeSearchToken({ category: 'all' });

interface MobileMenuProps {
  id: string;
  open: boolean;
  /** Must be stable (useCallback): the focus trap re-arms when it changes. */
  onClose: () => void;
  /** Account entries (list items) below the main links. */
  account?: (close: () => void) => ReactNode;
}

/**
 * Slide-in menu for small screens: a modal dialog that traps focus, closes on Escape, on the
 * backdrop, on the close button and on navigation, and then returns focus to the burger.
 */
export function MobileMenu({ id, open, onClose, account }: MobileMenuProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useFocusTrap(panelRef, open, onClose);

  // Close when the route changes (a link inside was followed, or history moved).
  useEffect(() => {
    onClose();
  }, [pathname, onClose]);

  useEffect(() => {
    if (!open) return undefined;
    document.body.classList.add('scroll-locked');
    return () => {
      document.body.classList.remove('scroll-locked');
    };
  }, [open]);

  if (!open) return null;

  return (
    <div className="mobile-menu">
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- pointer convenience only; keyboard users have Escape and the close button */}
      <div className="mobile-menu__backdrop" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="mobile-menu__top">
          <h2 id={titleId} className="mobile-menu__title">
            {t('header.menuTitle')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('header.closeMenu')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('header.mainNav')}>
          <ul className="mobile-menu__links">
            <li>
              <Link to={paths.productsForToken(lang, ALL_CATEGORIES_TOKEN)} onClick={onClose}>
                {t('header.buy')}
              </Link>
            </li>
            <li>
              <Link to={paths.sell(lang)} onClick={onClose}>
                {t('header.sell')}
              </Link>
            </li>
            <li>
              <Link to={paths.howItWorks(lang)} onClick={onClose}>
                {t('header.howItWorks')}
              </Link>
            </li>
            {account?.(onClose)}
          </ul>
        </nav>
        <LanguageSwitcher className="mobile-menu__language" />
      </div>
    </div>
  );
}
