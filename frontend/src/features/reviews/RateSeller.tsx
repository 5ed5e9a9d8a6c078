import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Review, ReviewEligibility as Eligibility } from '@/contract/schema.gen';
import { useCreateReviewMutation, useGetEligibilityQuery } from '@/features/reviews/api';
import { ReviewForm } from '@/features/reviews/ReviewFields';
import { ReviewItem } from '@/features/reviews/ReviewItem';
import { formatDateTime } from '@/lib/dateTime';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './reviews.css';

interface RateSellerProps {
  adId: string;
  sellerId: string;
}

/** Why the buyer cannot rate the seller (yet): one sentence per reason. */
function NotEligible({ eligibility, sellerId }: { eligibility: Eligibility; sellerId: string }) {
  const { t } = useTranslation('reviews');
  const lang = useLang();
  switch (eligibility.reason) {
    case 'too_early':
      return <p>{t('rate.tooEarly', { date: formatDateTime(eligibility.availableFrom, lang) })}</p>;
    case 'already_reviewed':
      return (
        <p>
          {t('rate.alreadyReviewed')} <Link to={paths.seller(lang, sellerId)}>{t('rate.seeReview')}</Link>
        </p>
      );
    case 'own_ad':
      return <p>{t('rate.ownAd')}</p>;
    default:
      return <p>{t('rate.notContacted')}</p>;
  }
}

/**
 * "Rate this seller" on an ad page, for signed-in buyers (not the seller): a buyer who contacted
 * the seller about this ad at least two days ago may rate them once, with one to five stars and a
 * text; others are told why not (yet). Once sent, the review is shown here.
 */
export function RateSeller({ adId, sellerId }: RateSellerProps) {
  const { t } = useTranslation('reviews');
  const baseId = useId();
  const { data: eligibility } = useGetEligibilityQuery(adId);
  const [create, { isLoading: submitting }] = useCreateReviewMutation();
  const [created, setCreated] = useState<Review | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (created !== null) doneRef.current?.focus();
  }, [created]);

  // Nothing to say until the server has answered (and nothing when it cannot).
  if (created === null && eligibility === undefined) return null;

  return (
    <section className="product__section rate-seller" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>{t('rate.title')}</h2>
      {created !== null ? (
        <>
          <p ref={doneRef} className="review-done" role="status" tabIndex={-1}>
            {t('rate.success')}
          </p>
          <ReviewItem review={created} viewer={null} />
        </>
      ) : eligibility?.canReview ? (
        <ReviewForm
          initial={{ rating: null, text: '' }}
          save={async (review) => {
            setCreated(await create({ adId, ...review }).unwrap());
          }}
          busy={submitting}
          labelledBy={`${baseId}-title`}
        >
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('rate.submitting') : t('rate.submit')}
          </button>
        </ReviewForm>
      ) : (
        eligibility !== undefined && <NotEligible eligibility={eligibility} sellerId={sellerId} />
      )}
    </section>
  );
}
