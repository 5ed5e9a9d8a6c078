import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { CursorPager, useCursorPages } from '@/components/CursorPager/CursorPager';
import { toastShown } from '@/components/Toasts/toastSlice';
import type { Card as WishlistCard, Favourite as WishlistItem } from '@/contract/schema.gen';
import { useGetWishlistQuery } from '@/features/favourites/api';
import { WISHLIST_MAX } from '@/features/favourites/api';
import { useFavouriteActions } from '@/features/favourites/useFavouriteActions';
import { messageOptions, toApiError } from '@/lib/apiError';
import { formatDate } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './favourites.css';
import './FavouritesPage.css';

/**
 * Draws a saved ad's card (the app passes the catalogue's). `unavailable`, when set, is why the
 * ad cannot be opened (deactivated or expired): the card is then greyed, labelled and not linked.
 */
export type RenderSavedCard = (card: WishlistCard, unavailable: string | undefined) => ReactNode;

const NO_ITEMS: WishlistItem[] = [];

/** An ad its seller deleted: only its saved title is left, if any. */
function RemovedAd({ item }: { item: WishlistItem }) {
  const { t } = useTranslation('favourites');
  const { title } = item;
  return (
    <article className="favourites-removed">
      <h2 className="favourites-removed__title">{title || t('state.removed')}</h2>
      {title && <p className="favourites-removed__state">{t('state.removed')}</p>}
    </article>
  );
}

/**
 * Dashboard "Favourites" (user/favourites; the spec's wish list): the ads the user saved, newest
 * saved first, 24 per page (cursor pages, previous/next). Ads on sale link to their page; ads
 * deactivated by the seller or expired are greyed and labelled, deleted ones show a note. Each can
 * be removed in one click (at once; put back with a toast when the server refuses).
 */
export function FavouritesPage({ renderCard }: { renderCard: RenderSavedCard }) {
  const { t } = useTranslation(['favourites', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  useDocumentTitle(t('page.pageTitle'));
  const pages = useCursorPages();
  // Fetched afresh on every visit: the hearts elsewhere may have changed the list meanwhile.
  const list = useGetWishlistQuery({ cursor: pages.cursor }, { refetchOnMountOrArgChange: true });
  const { remove } = useFavouriteActions();
  const items = list.data?.items ?? NO_ITEMS;

  // Focus goes to the next item's remove button once an item has left (to the heading if none).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRemoval = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === undefined) return;
    focusAfterRemoval.current = undefined;
    const button = target === null ? undefined : removeButtons.current.get(target);
    if (button) button.focus();
    else headingRef.current?.focus();
  }, [items]);

  async function removeItem(item: WishlistItem, index: number) {
    focusAfterRemoval.current = (items[index + 1] ?? items[index - 1])?.adId ?? null;
    // The last ad of a later page is leaving: go back one page rather than show an empty one.
    if (items.length === 1 && pages.page > 0) pages.previous();
    if (await remove(item.adId)) {
      dispatch(toastShown({ kind: 'success', messageKey: 'favourites:toast.removed' }));
    }
  }

  function removeLabel(item: WishlistItem): string {
    const title = item.card?.title ?? item.title;
    return title ? t('button.remove', { title }) : t('item.removeUntitled', { date: formatDate(item.savedAt, lang) });
  }

  const loadError = list.isError ? toApiError(list.error) : null;

  return (
    <div className="page favourites-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('page.title')}
      </h1>
      <p className="favourites-page__lead">{t('page.lead', { max: WISHLIST_MAX })}</p>

      {list.isLoading && <p role="status">{t('page.loading')}</p>}
      {loadError !== null && (
        <div className="favourites-alert" role="alert">
          <p>
            {t(
              `errors:${loadError.messageKey}`,
              messageOptions((key) => t(`errors:${key}`), loadError),
            )}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            {t('page.retry')}
          </button>
        </div>
      )}

      {list.isSuccess && items.length === 0 && pages.page === 0 && (
        <div className="favourites-empty">
          <p>{t('page.empty')}</p>
          <p>{t('page.emptyLead')}</p>
          <p>
            <Link to={paths.products(lang)}>{t('page.browse')}</Link>
          </p>
        </div>
      )}

      {items.length > 0 && (
        <ul className="favourites-grid" aria-busy={list.isFetching} aria-label={t('page.listLabel')}>
          {items.map((item, index) => (
            <li key={item.adId} className="favourites-item">
              {item.card === null || item.state === 'removed' ? (
                <RemovedAd item={item} />
              ) : (
                renderCard(
                  item.card,
                  item.state === 'inactive' || item.state === 'expired' ? t(`state.${item.state}`) : undefined,
                )
              )}
              <div className="favourites-item__footer">
                <span className="favourites-item__saved">
                  {t('item.savedOn', { date: formatDate(item.savedAt, lang) })}
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={removeLabel(item)}
                  ref={(button) => {
                    if (button) removeButtons.current.set(item.adId, button);
                    return () => {
                      removeButtons.current.delete(item.adId);
                    };
                  }}
                  onClick={() => void removeItem(item, index)}
                >
                  {t('item.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <CursorPager
        label={t('page.pagination.label')}
        pages={pages}
        nextCursor={list.data?.nextCursor}
        busy={list.isFetching}
      />
    </div>
  );
}
