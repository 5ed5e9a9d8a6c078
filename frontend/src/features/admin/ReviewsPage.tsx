import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useCursorPages } from '@/components/CursorPager/CursorPager';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import type { ReportedReviewList } from '@/contract/schema.gen';
import {
  useDismissReviewReportsMutation,
  useGetReportedReviewsQuery,
  useRemoveReviewMutation,
} from '@/features/admin/api';
import { ErrorAlert, Pager } from '@/features/admin/shared';

type ReportedReview = ReportedReviewList['items'][number];
import { toApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** One reported review: what it says, about whom and which ad, and every report of it. */
function ReportedReviewItem({
  review,
  busy,
  onRemove,
  onDismiss,
}: {
  review: ReportedReview;
  busy: boolean;
  onRemove: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const headingId = `admin-review-${review.id}`;
  return (
    <article className="admin-review" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-review__title">
        {t('reviews.heading', { author: review.authorName, date: formatDateTime(review.createdAt, lang) })}
      </h2>
      <dl className="admin-review__facts">
        <div>
          <dt>{t('reviews.rating')}</dt>
          <dd>{t('reviews.ratingValue', { rating: review.rating })}</dd>
        </div>
        <div>
          <dt>{t('reviews.ad')}</dt>
          <dd>
            <Link to={paths.product(lang, review.adId)}>{review.adTitle}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('reviews.seller')}</dt>
          <dd className="admin-review__links">
            <Link to={paths.seller(lang, review.sellerId)}>{t('reviews.sellerProfile')}</Link>
            <Link to={paths.adminUser(lang, review.sellerId)}>{t('reviews.sellerAccount')}</Link>
          </dd>
        </div>
      </dl>
      <p className="admin-text admin-review__text">{review.text}</p>
      {review.reply && (
        <p className="admin-text admin-review__reply">
          <strong>{t('reviews.reply')}</strong> {review.reply.text}
        </p>
      )}
      <h3 className="admin-review__reports-title">{t('reviews.reports', { total: review.reports.length })}</h3>
      <ul className="admin-review__reports">
        {review.reports.map((report, index) => (
          <li key={index}>
            <span className="admin-muted">
              {t('reviews.reportedBy', { name: report.reporterName, date: formatDateTime(report.createdAt, lang) })}
            </span>
            <span className="admin-text">{report.reason}</span>
          </li>
        ))}
      </ul>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-action"
          disabled={busy}
          aria-label={t('reviews.actions.dismissLabel', { author: review.authorName })}
          onClick={onDismiss}
        >
          {t('reviews.actions.dismiss')}
        </button>
        <button
          type="button"
          className="admin-action admin-action--danger"
          aria-label={t('reviews.actions.removeLabel', { author: review.authorName })}
          onClick={onRemove}
        >
          {t('reviews.actions.remove')}
        </button>
      </div>
    </article>
  );
}

/**
 * `admin/reviews`: the reviews users reported, oldest report first, each with its reports. An
 * administrator removes a review (confirmed first; it leaves the seller's profile and rating) or
 * dismisses its reports (the review stays).
 */
export function ReviewsPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const pages = useCursorPages();
  const reviews = useGetReportedReviewsQuery({ cursor: pages.cursor });
  const [remove, removeCall] = useRemoveReviewMutation();
  const [dismiss, dismissCall] = useDismissReviewReportsMutation();
  const [pending, setPending] = useState<ReportedReview | null>(null);
  useDocumentTitle(t('reviews.pageTitle'));

  const items = reviews.data?.items ?? [];

  function leftPage() {
    // The last review of a later page is gone: go back one page rather than show an empty one.
    if (items.length === 1 && pages.page > 0) pages.previous();
  }

  async function confirmRemove() {
    if (pending === null) return;
    try {
      await remove(pending.id).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.review_removed' }));
      leftPage();
    } catch (error) {
      showError(error);
    } finally {
      setPending(null);
    }
  }

  async function dismissReports(review: ReportedReview) {
    try {
      await dismiss(review.id).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.review_reports_dismissed' }));
      leftPage();
    } catch (error) {
      showError(error);
    }
  }

  return (
    <div className="admin-page">
      <h1>{t('reviews.title')}</h1>
      <p>{t('reviews.lead')}</p>

      {reviews.isLoading && <p role="status">{t('common.loading')}</p>}
      {reviews.isError && <ErrorAlert error={toApiError(reviews.error)} />}
      <p className="admin-live" aria-live="polite">
        {reviews.isSuccess && items.length === 0 && pages.page === 0 ? t('reviews.empty') : ''}
      </p>

      {items.length > 0 && (
        <ul className="admin-review-list" aria-busy={reviews.isFetching} aria-label={t('reviews.listLabel')}>
          {items.map((review) => (
            <li key={review.id}>
              <ReportedReviewItem
                review={review}
                busy={dismissCall.isLoading}
                onRemove={() => {
                  setPending(review);
                }}
                onDismiss={() => void dismissReports(review)}
              />
            </li>
          ))}
        </ul>
      )}

      <Pager pages={pages} nextCursor={reviews.data?.nextCursor} busy={reviews.isFetching} />

      {pending !== null && (
        <ConfirmDialog
          title={t('reviews.confirm.title')}
          text={t('reviews.confirm.text', { author: pending.authorName, title: pending.adTitle })}
          confirmLabel={t('reviews.actions.remove')}
          busy={removeCall.isLoading}
          danger
          onConfirm={() => void confirmRemove()}
          onCancel={() => {
            setPending(null);
          }}
        />
      )}
    </div>
  );
}
