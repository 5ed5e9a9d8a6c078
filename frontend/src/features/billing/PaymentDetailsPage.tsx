import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subscription } from '@/contract/schema.gen';
import { useGetMySubscriptionsQuery, useGetPaymentsQuery } from '@/features/billing/api';
import { localized, PaymentMethodText, StateBadge } from '@/features/billing/shared';
import { useInvoiceDownload } from '@/features/billing/useInvoiceDownload';
import { toApiError } from '@/lib/apiError';
import { formatDate, formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './billing.css';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';

function CurrentSubscription({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const lang = useLang();
  return (
    <dl className="subscription-summary">
      <div>
        <dt>{t('details.plan')}</dt>
        <dd>{localized(subscription.planName, lang)}</dd>
      </div>
      <div>
        <dt>{t('details.state')}</dt>
        <dd>
          <StateBadge state={subscription.state} />
        </dd>
      </div>
      <div>
        <dt>{t('details.period')}</dt>
        <dd>
          {t('details.periodValue', {
            start: formatDate(subscription.startsAt, lang),
            end: formatDate(subscription.expiresAt, lang),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('details.remainingAds')}</dt>
        <dd>
          {subscription.bundle
            ? t('plans.bundle')
            : t('details.remainingOf', { remaining: subscription.remainingAds, total: subscription.adAllowance })}
        </dd>
      </div>
    </dl>
  );
}

/** Dashboard: subscriptions and payments (spec §2): the current subscription, then the history. */
export function PaymentDetailsPage() {
  const { t } = useTranslation('billing');
  const lang = useLang();
  useDocumentTitle(t('details.pageTitle'));
  const subscriptions = useGetMySubscriptionsQuery(undefined);
  const payments = useGetPaymentsQuery(undefined);
  const { download, failure, pendingId } = useInvoiceDownload();
  const current = subscriptions.data?.current ?? null;

  return (
    <div className="page payment-details">
      <h1>{t('details.title')}</h1>

      <section className="page__section" aria-labelledby="current-subscription-title">
        <h2 id="current-subscription-title">{t('details.currentTitle')}</h2>
        {subscriptions.isLoading && <p role="status">{t('loading')}</p>}
        {subscriptions.isError && <ApiErrorAlert className="billing-alert" error={toApiError(subscriptions.error)} />}
        {subscriptions.isSuccess && current === null && <p>{t('details.noSubscription')}</p>}
        {current !== null && <CurrentSubscription subscription={current} />}
        <p>
          <Link className="button button--outline" to={paths.pricing(lang)}>
            {current === null ? t('details.choosePlan') : t('details.changePlan')}
          </Link>
        </p>
      </section>

      <section className="page__section" aria-labelledby="payment-history-title">
        <h2 id="payment-history-title">{t('details.historyTitle')}</h2>
        {failure && <ApiErrorAlert className="billing-alert" error={failure} />}
        {payments.isLoading && <p role="status">{t('loading')}</p>}
        {payments.isError && <ApiErrorAlert className="billing-alert" error={toApiError(payments.error)} />}
        {payments.isSuccess && payments.data.length === 0 && <p>{t('details.noPayments')}</p>}
        {payments.isSuccess && payments.data.length > 0 && (
          <div className="table-scroll">
            <table className="billing-table">
              <caption className="visually-hidden">{t('details.historyTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('details.date')}</th>
                  <th scope="col">{t('details.subscription')}</th>
                  <th scope="col">{t('details.remainingAds')}</th>
                  <th scope="col">{t('details.currency')}</th>
                  <th scope="col">{t('details.amount')}</th>
                  <th scope="col">{t('details.method')}</th>
                  <th scope="col">{t('details.invoice')}</th>
                  <th scope="col">{t('details.state')}</th>
                </tr>
              </thead>
              <tbody>
                {payments.data.map((payment) => {
                  const name = localized(payment.planName, lang);
                  return (
                    <tr key={payment.id}>
                      <td data-label={t('details.date')}>{formatDate(payment.paidAt, lang)}</td>
                      <th scope="row" data-label={t('details.subscription')}>
                        {name}
                      </th>
                      <td data-label={t('details.remainingAds')}>{payment.remainingAds}</td>
                      <td data-label={t('details.currency')}>{payment.currency}</td>
                      <td data-label={t('details.amount')} className="billing-table__amount">
                        {formatMoney(payment.amountRp, payment.currency, lang)}
                      </td>
                      <td data-label={t('details.method')}>
                        <PaymentMethodText method={payment.method} />
                      </td>
                      <td data-label={t('details.invoice')}>
                        {payment.invoiceId !== undefined ? (
                          <span className="billing-table__invoice">
                            <Link
                              to={paths.invoice(lang, payment.invoiceId)}
                              aria-label={t('details.viewInvoiceFor', { name })}
                            >
                              {t('details.viewInvoice')}
                            </Link>
                            <button
                              type="button"
                              className="link-button"
                              disabled={pendingId === payment.invoiceId}
                              aria-label={t('details.downloadInvoiceFor', { name })}
                              onClick={() => {
                                if (payment.invoiceId !== undefined) void download(payment.invoiceId);
                              }}
                            >
                              {t('details.download')}
                            </button>
                          </span>
                        ) : (
                          <span className="billing-table__none">{t('details.noInvoice')}</span>
                        )}
                      </td>
                      <td data-label={t('details.state')}>
                        <StateBadge state={payment.state} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
