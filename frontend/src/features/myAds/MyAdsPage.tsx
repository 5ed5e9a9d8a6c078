import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { useGetCategoriesQuery } from '@/app/referenceApi';
import { CursorPager, useCursorPages } from '@/components/CursorPager/CursorPager';
import { Picture } from '@/components/Picture/Picture';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import { AD_STATUSES } from '@/contract/enums.gen';
import type { MyAd } from '@/contract/schema.gen';
import { useDeleteMyAdMutation, useGetMyAdsQuery, useSetMyAdStatusMutation } from '@/features/myAds/api';
import { categoryName, ErrorAlert, StatusBadge, SubscriptionNotice, usePublishingRight } from '@/features/myAds/shared';
import { toApiError } from '@/lib/apiError';
import { INTL_LOCALES } from '@/lib/languages';
import { formatDate, formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './myAds.css';

/** The ad's photo in its row is drawn 3rem wide (`.ads-table__name img`). */
const THUMB_SIZES = '3rem';

type Pending = { kind: 'status'; ad: MyAd } | { kind: 'delete'; ad: MyAd };

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
    </span>
  );
}

/** The actions of one row: edit, activate/deactivate (active and inactive ads), delete. */
function RowActions({ ad, onAsk }: { ad: MyAd; onAsk: (pending: Pending) => void }) {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  const toggle = ad.status === 'active' ? 'deactivate' : ad.status === 'inactive' ? 'activate' : null;
  return (
    <div className="ads-actions">
      <Link className="ads-action" to={paths.editAd(lang, ad.id)} aria-label={t('list.editLabel', { title: ad.title })}>
        {ad.status === 'draft' ? t('list.complete') : t('list.edit')}
      </Link>
      {ad.status === 'expired' && (
        <Link
          className="ads-action"
          to={paths.editAd(lang, ad.id, 'photos')}
          aria-label={t('list.publishAgainLabel', { title: ad.title })}
        >
          {t('list.publishAgain')}
        </Link>
      )}
      {toggle !== null && (
        <button
          type="button"
          className="ads-action"
          aria-label={t(`list.${toggle}Label`, { title: ad.title })}
          onClick={() => {
            onAsk({ kind: 'status', ad });
          }}
        >
          {t(`list.${toggle}`)}
        </button>
      )}
      <button
        type="button"
        className="ads-action ads-action--danger"
        aria-label={t('list.deleteLabel', { title: ad.title })}
        onClick={() => {
          onAsk({ kind: 'delete', ad });
        }}
      >
        {t('list.delete')}
      </button>
    </div>
  );
}

/**
 * Dashboard "My ads" (user/products, spec §2): the seller's ads with name, category, price,
 * discount, status, clicks, how many people saved them (favourites) and actions, newest first,
 * 20 per page (cursor pages, previous/next). Status changes and deletions ask for confirmation
 * first.
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

  const number = new Intl.NumberFormat(INTL_LOCALES[lang]);
  // Swiss typography groups thousands with ’, which some ICU builds write as a plain apostrophe.
  const count = (value: number) => number.format(value).replace(/'/g, '’');
  const percent = new Intl.NumberFormat(INTL_LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 });
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
        <div className="ads-table-scroll">
          <table className="ads-table" aria-busy={ads.isFetching}>
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.columns.name')}</th>
                <th scope="col">{t('list.columns.category')}</th>
                <th scope="col" className="ads-table__number">
                  {t('list.columns.price')}
                </th>
                <th scope="col" className="ads-table__number">
                  {t('list.columns.discount')}
                </th>
                <th scope="col">{t('list.columns.status')}</th>
                <th scope="col" className="ads-table__number">
                  {t('list.columns.clicks')}
                </th>
                <th scope="col" className="ads-table__number">
                  {t('list.columns.favourites')}
                </th>
                <th scope="col">{t('list.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((ad) => (
                <tr key={ad.id}>
                  <th scope="row" data-label={t('list.columns.name')}>
                    <span className="ads-table__name">
                      {ad.imageUrl !== undefined && (
                        <Picture
                          src={ad.imageUrl}
                          webp={ad.imageWebp}
                          sizes={THUMB_SIZES}
                          width={48}
                          height={36}
                          alt=""
                        />
                      )}
                      {ad.title}
                    </span>
                  </th>
                  <td data-label={t('list.columns.category')}>
                    {categoryName(categories.data, ad.categorySlug, lang)}
                  </td>
                  <td data-label={t('list.columns.price')} className="ads-table__number">
                    <Price ad={ad} />
                  </td>
                  <td data-label={t('list.columns.discount')} className="ads-table__number">
                    {percent.format(ad.discountPct / 100)}
                  </td>
                  <td data-label={t('list.columns.status')}>
                    <StatusBadge status={ad.status} />
                    {ad.status === 'active' && ad.expiresAt !== undefined && (
                      <span className="ads-table__until">
                        {t('list.until', { date: formatDate(ad.expiresAt, lang) })}
                      </span>
                    )}
                  </td>
                  <td data-label={t('list.columns.clicks')} className="ads-table__number">
                    {count(ad.clicks)}
                  </td>
                  <td data-label={t('list.columns.favourites')} className="ads-table__number">
                    {count(ad.favourites)}
                  </td>
                  <td data-label={t('list.columns.actions')}>
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
