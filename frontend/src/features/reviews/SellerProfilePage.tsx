import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetSellerQuery } from '@/features/reviews/api';
import { RatingSummary } from '@/features/reviews/RatingSummary';
import { ReviewList } from '@/features/reviews/ReviewList';
import { messageOptions, toApiError } from '@/lib/apiError';
import { formatMonthYear } from '@/lib/dateTime';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './reviews.css';

interface SellerProfilePageProps {
  /** The signed-in user's id, null for a visitor, undefined while it loads. */
  viewerId: string | null | undefined;
  /** The seller's active ads (the app passes the catalogue's grid). */
  renderAds: (sellerId: string) => ReactNode;
}

/**
 * `seller/{id}`, public: who the seller is (name, professional or individual, member since), their
 * rating, their active ads and the reviews buyers left them, with the seller's replies. The
 * seller answers reviews here, authors edit theirs for 48 hours, signed-in users report them.
 */
export function SellerProfilePage({ viewerId, renderAds }: SellerProfilePageProps) {
  const { t } = useTranslation('reviews');
  const { t: tErrors } = useTranslation('errors');
  const lang = useLang();
  const { id = '' } = useParams();
  const { data: seller, isLoading, error } = useGetSellerQuery(id);
  const apiError = error === undefined ? null : toApiError(error);
  const notFound = apiError?.status === 404;
  useDocumentTitle(seller ? t('profile.pageTitle', { name: seller.name }) : notFound ? t('profile.notFoundTitle') : '');

  if (isLoading) {
    return (
      <div className="container page">
        <p role="status">{t('profile.loading')}</p>
      </div>
    );
  }
  if (!seller) {
    if (notFound) {
      return (
        <section className="container not-found">
          <h1 className="not-found__title">{t('profile.notFoundTitle')}</h1>
          <p className="not-found__text">{t('profile.notFoundText')}</p>
          <Link to={paths.products(lang)} className="button">
            {t('profile.browse')}
          </Link>
        </section>
      );
    }
    return (
      <div className="container page">
        <h1>{t('profile.errorTitle')}</h1>
        {apiError !== null && (
          <p className="review-alert" role="alert">
            {tErrors(apiError.messageKey, messageOptions(tErrors, apiError))}
          </p>
        )}
      </div>
    );
  }

  const memberSince = formatMonthYear(seller.memberSince, lang);
  return (
    <div className="container page seller-profile">
      <header className="seller-profile__header">
        <h1>{seller.name}</h1>
        <p className="seller-profile__facts">
          <span className="seller-profile__badge">{t(`profile.accountType.${seller.accountType}`)}</span>
          <span>{t('profile.memberSince', { date: memberSince })}</span>
        </p>
        <RatingSummary rating={seller.rating} />
      </header>

      <section className="seller-profile__section" aria-labelledby="seller-ads">
        <h2 id="seller-ads">{t('profile.ads', { total: seller.activeAds })}</h2>
        {renderAds(seller.id)}
      </section>

      <section className="seller-profile__section" aria-labelledby="seller-reviews">
        <h2 id="seller-reviews">{t('profile.reviews', { total: seller.rating.count })}</h2>
        <ReviewList sellerId={seller.id} viewerId={viewerId} />
      </section>
    </div>
  );
}
