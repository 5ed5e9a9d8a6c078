import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Plan } from '@/contract/schema.gen';
import { localized } from '@/features/billing/shared';
import { formatMoney } from '@/lib/money';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/**
 * One plan in the pricing grid: badges, price, allowances, and the way to order it. The headline is
 * the price including VAT (what a private buyer pays, the server's figure); the amount excluding VAT
 * follows for businesses. The order button's name starts with its visible text (WCAG 2.5.3).
 */
export function PlanCard({ plan, held }: { plan: Plan; held: boolean }) {
  const { t } = useTranslation('billing');
  const lang = useLang();
  const name = localized(plan.name, lang);
  const headingId = `plan-${plan.id}-name`;
  const duration =
    plan.duration.unit === 'months'
      ? t('plans.durationMonths', { count: plan.duration.value })
      : t('plans.durationDays', { count: plan.duration.value });
  return (
    <article
      className={`plan-card${plan.popular ? ' plan-card--popular' : ''}${held ? ' plan-card--held' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="plan-card__badges">
        {plan.popular && <span className="plan-badge plan-badge--popular">{t('plans.popular')}</span>}
        {held && <span className="plan-badge plan-badge--held">{t('plans.alreadySubscribed')}</span>}
      </div>
      <h3 id={headingId} className="plan-card__name">
        {name}
      </h3>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatMoney(plan.priceInclVatRp, plan.currency, lang)}</span>{' '}
        <span className="plan-card__per">{plan.kind === 'single' ? t('plans.perAd') : duration}</span>
      </p>
      <p className="plan-card__vat">{t('plans.inclVat')}</p>
      <p className="plan-card__vat plan-card__net">
        {t('plans.exclVatAmount', { amount: formatMoney(plan.priceRp, plan.currency, lang) })}
      </p>
      {plan.freeMonths > 0 && <p className="plan-card__offer">{t('plans.freeMonths', { count: plan.freeMonths })}</p>}
      <p className="plan-card__description">{localized(plan.description, lang)}</p>
      <ul className="plan-card__facts">
        {plan.bundle ? <li>{t('plans.bundle')}</li> : <li>{t('plans.ads', { count: plan.adAllowance })}</li>}
        {!plan.bundle && <li>{t('plans.images', { count: plan.imageAllowance })}</li>}
        {!plan.bundle && <li>{t('plans.adDuration', { count: plan.adDurationDays })}</li>}
        {plan.kind === 'subscription' && <li>{t('plans.duration', { duration })}</li>}
      </ul>
      {held ? (
        <Link
          className="button button--outline plan-card__action"
          to={paths.userPage(lang, USER_SEGMENTS.paymentDetails)}
        >
          {t('plans.seeSubscription')}
        </Link>
      ) : (
        <Link
          className="button plan-card__action"
          to={paths.choosePlan(lang, plan.id)}
          aria-label={t('plans.chooseNamed', { name })}
        >
          {t('plans.choose')}
        </Link>
      )}
    </article>
  );
}
