import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import type { Category, ErrorCode, MyAd, MySubscriptions } from '@/contract/schema.gen';
import { useGetSellerSubscriptionsQuery } from '@/features/myAds/api';
import type { ApiError } from '@/lib/apiError';
import { FALLBACK_LANGUAGE, type Language } from '@/lib/languages';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/** Refusals that a plan purchase resolves: their message comes with a link to the plans. */
const PLAN_CODES = new Set<string>([
  'subscription_invalid',
  'ad_count_exceeded',
  'bundle_plan_no_ads',
  'no_ad_allowance',
] satisfies ErrorCode[]);

/** An error box; for subscription refusals it also offers the plans. */
export function ErrorAlert({ error, children }: { error: ApiError; children?: ReactNode }) {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  return (
    <ApiErrorAlert className="ads-alert" error={error}>
      {error.code !== undefined && PLAN_CODES.has(error.code) && (
        <p>
          <Link to={paths.pricing(lang)}>{t('subscription.choosePlan')}</Link>
        </p>
      )}
      {children}
    </ApiErrorAlert>
  );
}

/** A category's name in `lang`, else English, else its slug. */
export function categoryName(categories: readonly Category[] | undefined, slug: string, lang: Language): string {
  const category = categories?.find((c) => c.slug === slug);
  return category?.names[lang] ?? category?.names[FALLBACK_LANGUAGE] ?? slug;
}

/** The ad's status as a coloured badge with text. */
export function StatusBadge({ status }: { status: MyAd['status'] }) {
  const { t } = useTranslation('myAds');
  return <span className={`ad-status ad-status--${status}`}>{t(`status.${status}`)}</span>;
}

export type PublishingRight = 'ok' | 'none' | 'bundle' | 'noAdsLeft';

/**
 * Whether the seller may publish, as far as their subscriptions tell: some valid, non-bundle
 * subscription with ads left. The server decides when publishing; this only explains early.
 */
export function publishingRight(subscriptions: MySubscriptions): PublishingRight {
  const all = [...(subscriptions.current ? [subscriptions.current] : []), ...subscriptions.history];
  if (all.some((s) => s.state === 'valid' && !s.bundle && s.remainingAds > 0)) return 'ok';
  if (all.some((s) => s.state === 'valid' && s.bundle)) return 'bundle';
  if (all.some((s) => s.state === 'limit_exceeded' || (s.state === 'valid' && s.remainingAds <= 0))) return 'noAdsLeft';
  return 'none';
}

/** The seller's publishing right once known (null while loading or when it cannot be told). */
export function usePublishingRight(): PublishingRight | null {
  const subscriptions = useGetSellerSubscriptionsQuery(undefined);
  return subscriptions.data ? publishingRight(subscriptions.data) : null;
}

/** A call to action to choose a plan, for sellers who cannot publish. */
export function SubscriptionNotice({ right }: { right: Exclude<PublishingRight, 'ok'> }) {
  const { t } = useTranslation('myAds');
  const lang = useLang();
  return (
    <section className="ads-notice" aria-labelledby="ads-subscription-notice">
      <h2 id="ads-subscription-notice" className="ads-notice__title">
        {t(`subscription.${right}`)}
      </h2>
      <p>{t('subscription.lead')}</p>
      <p>
        <Link className="button" to={paths.pricing(lang)}>
          {t('subscription.choosePlan')}
        </Link>
      </p>
    </section>
  );
}
