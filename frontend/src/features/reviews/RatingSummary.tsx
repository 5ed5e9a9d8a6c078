import { useTranslation } from 'react-i18next';
import { Stars } from '@/components/Stars/Stars';
import type { Rating } from '@/contract/schema.gen';
import { useGetSellerQuery } from '@/features/reviews/api';
import { formatRating } from '@/features/reviews/format';
import { useLang } from '@/lib/useLang';
import './reviews.css';

/** A seller's rating with stars and in words: "4.5 out of 5 (12 reviews)", or "No reviews yet". */
export function RatingSummary({ rating }: { rating: Rating }) {
  const { t } = useTranslation('reviews');
  const lang = useLang();
  if (rating.average === null || rating.count === 0) return <p className="rating-summary">{t('rating.none')}</p>;
  return (
    <p className="rating-summary">
      <Stars value={rating.average} size="large" />
      <span>{t('rating.summary', { average: formatRating(rating.average, lang), count: rating.count })}</span>
    </p>
  );
}

/**
 * The seller's rating in the ad page's seller block: "★ 4.5 (12)" on screen, the full sentence
 * for screen readers. Nothing while it loads or when it cannot be had.
 */
export function SellerRating({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation('reviews');
  const lang = useLang();
  const { data: seller } = useGetSellerQuery(sellerId);
  if (!seller) return null;
  const { average, count } = seller.rating;
  if (average === null || count === 0) return <p className="seller-rating">{t('rating.none')}</p>;
  const value = formatRating(average, lang);
  return (
    <p className="seller-rating">
      <span aria-hidden="true">{t('rating.compact', { average: value, total: count })}</span>
      <span className="visually-hidden">{t('rating.summary', { average: value, count })}</span>
    </p>
  );
}
