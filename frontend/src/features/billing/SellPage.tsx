import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGetMySubscriptionsQuery, useGetPlansQuery } from '@/features/billing/api';
import { PlanCard } from '@/features/billing/PlanCard';
import { useSignedIn } from '@/features/billing/shared';
import { toApiError } from '@/lib/apiError';
import { formatRate } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './billing.css';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';

export const PLANS_ID = 'plans';
/** Room left above the plans for the fixed header. */
const SCROLL_OFFSET_PX = 80;

/** How many placeholder cards stand in for the plans while they load: the usual offer's size. */
const PLAN_PLACEHOLDERS = 4;

/** Grey cards of a plan card's height while the plans load, so the page does not move when they arrive. */
function PlanCardsPlaceholder() {
  const { t } = useTranslation('billing');
  return (
    <>
      <p role="status" className="visually-hidden">
        {t('loading')}
      </p>
      <div className="plans__grid" aria-hidden="true">
        {Array.from({ length: PLAN_PLACEHOLDERS }, (_, index) => (
          <span key={index} className="skeleton plan-card-placeholder" />
        ))}
      </div>
    </>
  );
}

/**
 * vendre (spec §2): why and how to sell on Remat, then the plans side by side. With
 * `?choosePlan=true` (the footer's pricing link) the page scrolls to the plans and focuses them.
 */
export function SellPage() {
  const { t } = useTranslation('billing');
  const lang = useLang();
  const [params] = useSearchParams();
  const choosePlan = params.get('choosePlan') === 'true';
  const signedIn = useSignedIn();
  useDocumentTitle(t('sell.pageTitle'));

  const plans = useGetPlansQuery(undefined);
  const subscriptions = useGetMySubscriptionsQuery(undefined, { skip: !signedIn });
  const current = signedIn ? subscriptions.data?.current : undefined;
  const heldPlanId = current?.state === 'valid' ? current.planId : null;

  // Every plan carries the rate orders use; the note names it once.
  const vatRateBp = plans.data?.[0]?.vatRateBp;

  const plansHeading = useRef<HTMLHeadingElement>(null);
  const plansReady = plans.isSuccess;
  useEffect(() => {
    if (!choosePlan || !plansReady) return undefined;
    // After the shell's own reset on navigation (which moves focus to <main>).
    const timer = window.setTimeout(() => {
      const heading = plansHeading.current;
      if (!heading) return;
      const top = heading.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(0, top) });
      heading.focus({ preventScroll: true });
    }, 0);
    return () => {
      window.clearTimeout(timer);
    };
  }, [choosePlan, plansReady]);

  return (
    <div className="container page sell">
      <header className="sell__hero">
        <h1>{t('sell.title')}</h1>
        <p className="page__lead">{t('sell.lead')}</p>
        <ol className="sell__steps">
          <li>{t('sell.step1')}</li>
          <li>{t('sell.step2')}</li>
          <li>{t('sell.step3')}</li>
        </ol>
        {!choosePlan && (
          <p>
            <Link className="button" to={paths.pricing(lang)}>
              {t('sell.seePlans')}
            </Link>
          </p>
        )}
      </header>

      <section id={PLANS_ID} className="plans" aria-labelledby="plans-title">
        <h2 id="plans-title" ref={plansHeading} tabIndex={-1}>
          {t('plans.title')}
        </h2>
        <p className="plans__lead">{t('plans.lead')}</p>
        {plans.isLoading && <PlanCardsPlaceholder />}
        {plans.isError && <ApiErrorAlert className="billing-alert" error={toApiError(plans.error)} />}
        {plans.data?.length === 0 && <p>{t('plans.none')}</p>}
        {plans.data && plans.data.length > 0 && (
          <div className="plans__grid">
            {plans.data.map((plan) => (
              <PlanCard key={plan.id} plan={plan} held={plan.id === heldPlanId} />
            ))}
          </div>
        )}
        {vatRateBp !== undefined && (
          <p className="plans__note">{t('plans.vatNote', { rate: formatRate(vatRateBp, lang) })}</p>
        )}
      </section>
    </div>
  );
}
