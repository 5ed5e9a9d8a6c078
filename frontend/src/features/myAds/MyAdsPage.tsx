import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { useGetCategoriesQuery } from '@/app/referenceApi';
import { CursorPager, useCursorPages } from '@/components/CursorPager/CursorPager';
import { OverflowMenu, type OverflowMenuItem } from '@/components/OverflowMenu/OverflowMenu';
import { Picture } from '@/components/Picture/Picture';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import { AD_STATUSES } from '@/contract/enums.gen';
import type { MyAd } from '@/contract/schema.gen';
import { useDeleteMyAdMutation, useGetMyAdsQuery, useSetMyAdStatusMutation } from '@/features/myAds/api';
import { categoryName, ErrorAlert, StatusBadge, SubscriptionNotice, usePublishingRight } from '@/features/myAds/shared';
import { toApiError } from '@/lib/apiError';
import { formatNumber, formatPercent } from '@/lib/number';
import { formatDate, formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './myAds.css';

/** The ad's photo is drawn 3.5rem wide in the table and 4rem wide on a card (`.ads-thumb`). */
const THUMB_SIZES = '4rem';

type Pending = { kind: 'status'; ad: MyAd } | { kind: 'delete'; ad: MyAd };

/** The price to pay; with a discount, the original price struck through and the discount under it. */
function Price({ ad }: { ad: MyAd }) {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  if (ad.priceRp === 0) return <>{t('list.free')}</>;
  if (ad.discountPct === 0) return <>{formatMoney(ad.priceRp, 'CHF', lang)}</>;
  return (
    <span className="ads-price">
      <span>{formatMoney(ad.effectivePriceRp, 'CHF', lang)}</span>
      <s className="ads-price__original">
        <span className="visually-hidden">{t('list.originalPrice')} </span>
        {formatMoney(ad.priceRp, 'CHF', lang)}
      </s>
      <span className="ads-price__discount">
        <span className="visually-hidden">{t('list.discountLabel')} </span>
        {formatPercent(-ad.discountPct, lang)}
      </span>
    </span>
  );
}

/** Eye and heart marks before the counts on a card, where the column headers are not drawn. */
function CountMark({ kind }: { kind: 'clicks' | 'favourites' }) {
  return (
    <svg
      className="ads-count__mark"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {kind === 'clicks' ? (
        <>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
        </>
      ) : (
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
      )}
    </svg>
  );
}

/**
 * The actions of one row: the main one shown (edit, finish a draft, publish an expired ad again)
 * and every action in the "more actions" menu: edit, publish again, view (active ads),
 * activate/deactivate (active and inactive ads), delete. On a card only the menu is drawn.
 */
function RowActions({ ad, onAsk }: { ad: MyAd; onAsk: (pending: Pending) => void }) {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  const toggle = ad.status === 'active' ? 'deactivate' : ad.status === 'inactive' ? 'activate' : null;
  const edit = {
    key: 'edit',
    label: ad.status === 'draft' ? t('list.complete') : t('list.edit'),
    accessibleLabel: t('list.editLabel', { title: ad.title }),
    to: paths.editAd(lang, ad.id),
  };
  const publishAgain = {
    key: 'publishAgain',
    label: t('list.publishAgain'),
    accessibleLabel: t('list.publishAgainLabel', { title: ad.title }),
    to: paths.editAd(lang, ad.id, 'photos'),
  };
  const primary = ad.status === 'expired' ? publishAgain : edit;
  const items: OverflowMenuItem[] = [
    ...(ad.status === 'expired' ? [publishAgain, edit] : [edit]),
    ...(ad.status === 'active'
      ? [
          {
            key: 'view',
            label: t('list.view'),
            accessibleLabel: t('list.viewLabel', { title: ad.title }),
            to: paths.product(lang, ad.id),
          },
        ]
      : []),
    ...(toggle !== null
      ? [
          {
            key: toggle,
            label: t(`list.${toggle}`),
            accessibleLabel: t(`list.${toggle}Label`, { title: ad.title }),
            onSelect: () => {
              onAsk({ kind: 'status', ad });
            },
          },
        ]
      : []),
    {
      key: 'delete',
      label: t('list.delete'),
      accessibleLabel: t('list.deleteLabel', { title: ad.title }),
      danger: true,
      onSelect: () => {
        onAsk({ kind: 'delete', ad });
      },
    },
  ];
  return (
    <div className="ads-actions">
      <Link className="ads-actions__primary" to={primary.to} aria-label={primary.accessibleLabel}>
        {primary.label}
      </Link>
      <OverflowMenu label={t('list.moreActions', { title: ad.title })} items={items} />
    </div>
  );
}

/**
 * Dashboard "My ads" (user/products, spec §2): the seller's ads with name, category, price,
 * discount, status, clicks, how many people saved them (favourites) and actions, newest first,
 * 20 per page (cursor pages, previous/next). Status changes and deletions ask for confirmation
 * first. One table serves every width (myAds.css): a fixed-layout table whose columns always fit
 * when its box is wide enough, compact cards (photo beside title, price, counts, status, one menu)
 * when it is not.
 */
export function MyAdsPage() {
  const { t } = useTranslation(['myAds', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const filterId = useId();
  useDocumentTitle(t('list.pageTitle'));

  const [status, setStatus] = useState<MyAd['status'] | undefined>(undefined);
  const pages = useCursorPages(status);
  const ads = useGetMyAdsQuery({ status, cursor: pages.cursor });
  const categories = useGetCategoriesQuery(undefined);
  const right = usePublishingRight();
  const [setAdStatus, statusCall] = useSetMyAdStatusMutation();
  const [deleteAd, deleteCall] = useDeleteMyAdMutation();
  const [pending, setPending] = useState<Pending | null>(null);

  const count = (value: number) => formatNumber(value, 0);
  const items = ads.data?.items ?? [];

  async function confirm() {
    if (pending === null) return;
    const { ad } = pending;
    try {
      if (pending.kind === 'status') {
        await setAdStatus({ id: ad.id, status: ad.status === 'active' ? 'inactive' : 'active' }).unwrap();
        dispatch(toastShown({ kind: 'success', messageKey: 'myAds:toast.statusUpdated' }));
      } else {
        await deleteAd(ad.id).unwrap();
        dispatch(toastShown({ kind: 'success', messageKey: 'myAds:toast.deleted' }));
        // The last ad of a later page is gone: go back one page rather than show an empty one.
        if (items.length === 1 && pages.page > 0) pages.previous();
      }
    } catch (error) {
      showError(error);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="page my-ads">
      <div className="my-ads__head">
        <h1>{t('list.title')}</h1>
        <Link className="button" to={paths.addAd(lang)}>
          {t('list.add')}
        </Link>
      </div>

      {right !== null && right !== 'ok' && <SubscriptionNotice right={right} />}

      <div className="field my-ads__filter">
        <label htmlFor={filterId}>{t('list.filterLabel')}</label>
        <select
          id={filterId}
          value={status ?? ''}
          onChange={(event) => {
            const value = AD_STATUSES.find((s) => s === event.target.value);
            setStatus(value);
          }}
        >
          <option value="">{t('list.filterAll')}</option>
          {AD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>

      {ads.isLoading && <p role="status">{t('list.loading')}</p>}
      {ads.isError && <ErrorAlert error={toApiError(ads.error)} />}

      {ads.isSuccess && items.length === 0 && pages.page === 0 && (
        <div className="ads-empty">
          {status === undefined ? (
            <>
              <p className="ads-empty__title">{t('list.empty')}</p>
              <p>{t('list.emptyLead')}</p>
              <p>
                <Link to={paths.addAd(lang)}>{t('list.addFirst')}</Link>
              </p>
            </>
          ) : (
            <p className="ads-empty__title">{t('list.emptyFiltered')}</p>
          )}
        </div>
      )}

      {items.length > 0 && (
        <div className="ads-table-box">
          <table className="ads-table" aria-busy={ads.isFetching}>
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="ads-table__name-col">
                  {t('list.columns.name')}
                </th>
                <th scope="col" className="ads-table__number ads-table__price-col">
                  {t('list.columns.price')}
                </th>
                <th scope="col" className="ads-table__status-col">
                  {t('list.columns.status')}
                </th>
                <th scope="col" className="ads-table__number ads-table__clicks-col">
                  {t('list.columns.clicks')}
                </th>
                <th scope="col" className="ads-table__number ads-table__saved-col">
                  {t('list.columns.favourites')}
                </th>
                <th scope="col" className="ads-table__actions-col">
                  {t('list.columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((ad) => (
                <tr key={ad.id} className="ads-row">
                  <th scope="row" className="ads-row__name" data-label={t('list.columns.name')}>
                    <span className="ads-row__name-inner">
                      <span className="ads-thumb">
                        {ad.imageUrl !== undefined && (
                          <Picture
                            src={ad.imageUrl}
                            webp={ad.imageWebp}
                            sizes={THUMB_SIZES}
                            width={64}
                            height={48}
                            alt=""
                          />
                        )}
                      </span>
                      <span className="ads-row__text">
                        {/* Clamped to two lines; the whole title stays in the text and its tooltip. */}
                        <span className="ads-row__title" title={ad.title}>
                          {ad.title}
                        </span>
                        <span className="ads-row__category">
                          {categoryName(categories.data, ad.categorySlug, lang)}
                        </span>
                      </span>
                    </span>
                  </th>
                  <td data-label={t('list.columns.price')} className="ads-table__number ads-row__price">
                    <Price ad={ad} />
                  </td>
                  <td data-label={t('list.columns.status')} className="ads-row__status">
                    <StatusBadge status={ad.status} />
                    <span className="ads-row__date">
                      {ad.status === 'active' && ad.expiresAt !== undefined
                        ? t('list.until', { date: formatDate(ad.expiresAt, lang) })
                        : t('list.updated', { date: formatDate(ad.updatedAt, lang) })}
                    </span>
                  </td>
                  <td data-label={t('list.columns.clicks')} className="ads-table__number ads-count">
                    <CountMark kind="clicks" />
                    {count(ad.clicks)}
                  </td>
                  <td data-label={t('list.columns.favourites')} className="ads-table__number ads-count">
                    <CountMark kind="favourites" />
                    {count(ad.favourites)}
                  </td>
                  <td data-label={t('list.columns.actions')} className="ads-row__actions">
                    <RowActions ad={ad} onAsk={setPending} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <CursorPager
        label={t('list.pagination.label')}
        pages={pages}
        nextCursor={ads.data?.nextCursor}
        busy={ads.isFetching}
      />

      {pending?.kind === 'status' && (
        <ConfirmDialog
          title={t('confirm.statusTitle')}
          text={t('confirm.statusText')}
          confirmLabel={
            pending.ad.status === 'active' ? t('confirm.statusConfirmDeactivate') : t('confirm.statusConfirmActivate')
          }
          busy={statusCall.isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
          }}
        />
      )}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          title={t('confirm.deleteTitle')}
          text={t('confirm.deleteText', { title: pending.ad.title })}
          confirmLabel={t('confirm.deleteConfirm')}
          busy={deleteCall.isLoading}
          danger
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
          }}
        />
      )}
    </div>
  );
}
