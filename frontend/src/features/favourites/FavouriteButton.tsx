import { skipToken } from '@reduxjs/toolkit/query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGetWishlistIdsQuery } from '@/features/favourites/api';
import { useFavouriteActions } from '@/features/favourites/useFavouriteActions';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './favourites.css';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.6 0 5.7 3.6 4.5 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
    </svg>
  );
}

interface FavouriteButtonProps {
  adId: string;
  /** The ad's title, part of the button's name ("Save “…” to favourites"). */
  title: string;
  /** The signed-in user, or null for a visitor, whom a click sends to log in. */
  userId: string | null;
  /** `large` beside an ad page's title; cards use the small round one. */
  size?: 'small' | 'large';
}

/**
 * The heart: a toggle button (aria-pressed) that saves an ad to the signed-in user's favourites or
 * removes it, in one click and at once (undone with a toast when the server refuses). A visitor is
 * sent to the login page, which brings them back to the ad. Do not show it on the user's own ads.
 */
export function FavouriteButton({ adId, title, userId, size = 'small' }: FavouriteButtonProps) {
  const { t } = useTranslation('favourites');
  const lang = useLang();
  const navigate = useNavigate();
  const { data: ids } = useGetWishlistIdsQuery(userId ?? skipToken);
  const { save, remove } = useFavouriteActions();
  // One call at a time per heart: a second click while the first is on its way is ignored.
  const busy = useRef(false);
  const saved = ids?.includes(adId) ?? false;

  async function toggle() {
    if (userId === null) {
      void navigate(paths.loginReturningTo(lang, paths.product(lang, adId)));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      await (saved ? remove(adId) : save(adId));
    } finally {
      busy.current = false;
    }
  }

  return (
    <button
      type="button"
      className={`favourite-button favourite-button--${size}${saved ? ' favourite-button--saved' : ''}`}
      aria-pressed={saved}
      aria-label={saved ? t('button.remove', { title }) : t('button.save', { title })}
      onClick={() => void toggle()}
    >
      <HeartIcon filled={saved} />
    </button>
  );
}
