import { useTranslation } from 'react-i18next';
import { CursorPager, useCursorPages } from '@/components/CursorPager/CursorPager';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { useGetSellerAdsQuery } from '@/features/catalogue/api';
import { CardGrid, CardGridSkeleton } from '@/features/catalogue/ResultCard';
import { toApiError } from '@/lib/apiError';
import './catalogue.css';

/** A seller's active ads as result cards, 24 per page (their public profile). */
export function SellerAds({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation('catalogue');
  const pages = useCursorPages(sellerId);
  const ads = useGetSellerAdsQuery({ sellerId, cursor: pages.cursor });
  const items = ads.data?.items ?? [];

  if (ads.isLoading) return <CardGridSkeleton count={4} />;
  if (ads.isError) return <ApiErrorAlert className="catalogue-alert" error={toApiError(ads.error)} />;
  if (items.length === 0 && pages.page === 0) return <p>{t('sellerAds.empty')}</p>;
  return (
    <>
      <CardGrid cards={items} label={t('sellerAds.label')} />
      <CursorPager
        label={t('sellerAds.pagination')}
        pages={pages}
        nextCursor={ads.data?.nextCursor}
        busy={ads.isFetching}
      />
    </>
  );
}
