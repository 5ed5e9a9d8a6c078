import { useTranslation } from 'react-i18next';
import { CursorPager, useCursorPages } from '@/components/CursorPager/CursorPager';
import { useGetSellerReviewsQuery } from '@/features/reviews/api';
import { ReviewItem } from '@/features/reviews/ReviewItem';
import { messageOptions, toApiError } from '@/lib/apiError';

/**
 * A seller's reviews, newest first, 20 per page. `viewerId` is the signed-in user (null for a
 * visitor, undefined while unknown): it decides who may edit, answer or report.
 */
export function ReviewList({ sellerId, viewerId }: { sellerId: string; viewerId: string | null | undefined }) {
  const { t } = useTranslation('reviews');
  const { t: tErrors } = useTranslation('errors');
  const pages = useCursorPages(sellerId);
  const reviews = useGetSellerReviewsQuery({ sellerId, cursor: pages.cursor });
  const items = reviews.data?.items ?? [];

  if (reviews.isLoading) return <p role="status">{t('list.loading')}</p>;
  if (reviews.isError) {
    const error = toApiError(reviews.error);
    return (
      <p className="review-alert" role="alert">
        {tErrors(error.messageKey, messageOptions(tErrors, error))}
      </p>
    );
  }
  if (items.length === 0 && pages.page === 0) return <p>{t('list.empty')}</p>;
  return (
    <>
      <ul className="review-list" aria-label={t('list.label')} aria-busy={reviews.isFetching}>
        {items.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} viewer={{ userId: viewerId, sellerId }} />
          </li>
        ))}
      </ul>
      <CursorPager
        label={t('list.pagination')}
        pages={pages}
        nextCursor={reviews.data?.nextCursor}
        busy={reviews.isFetching}
      />
    </>
  );
}
