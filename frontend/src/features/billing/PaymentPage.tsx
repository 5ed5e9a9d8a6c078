import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useGetOrderQuery } from '@/features/billing/api';
import { OrderSummary } from '@/features/billing/OrderSummary';
import { localized } from '@/features/billing/shared';
import { StripePaymentForm } from '@/features/billing/StripePaymentForm';
import { TestCardForm } from '@/features/billing/TestCardForm';
import { toApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './billing.css';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';

/** Payment information (payment/:orderId): the order's amounts and the card details. */
export function PaymentPage() {
  const { t } = useTranslation('billing');
  const lang = useLang();
  const { orderId = '' } = useParams();
  useDocumentTitle(t('payment.pageTitle'));
  const order = useGetOrderQuery(orderId, { refetchOnMountOrArgChange: true });

  if (order.isLoading) {
    return (
      <div className="container page page--narrow">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (!order.data) {
    return (
      <div className="container page page--narrow">
        <h1>{t('payment.title')}</h1>
        {order.error !== undefined && <ApiErrorAlert className="billing-alert" error={toApiError(order.error)} />}
        <Link className="button" to={paths.pricing(lang)}>
          {t('order.backToPlans')}
        </Link>
      </div>
    );
  }
  const data = order.data;
  if (data.status === 'paid') return <Navigate to={paths.paymentSuccess(lang, data.id)} replace />;

  const product = localized(data.planName, lang);
  return (
    <div className="container page page--narrow payment">
      <h1>{t('payment.title')}</h1>
      {data.status === 'failed' && (
        <p className="billing-note" role="status">
          {t('payment.previousFailed')}
        </p>
      )}
      <section className="order__section" aria-labelledby="payment-summary-title">
        <h2 id="payment-summary-title">{t('order.summaryTitle')}</h2>
        <OrderSummary
          product={product}
          priceRp={data.lines[0]?.unitPriceRp ?? data.netRp}
          netRp={data.netRp}
          vatRateBp={data.vatRateBp}
          vatRp={data.vatRp}
          totalRp={data.totalRp}
          currency={data.currency}
        />
      </section>
      <section className="order__section" aria-labelledby="payment-card-title">
        <h2 id="payment-card-title">{t('payment.cardTitle')}</h2>
        {data.provider === 'stripe' ? <StripePaymentForm order={data} /> : <TestCardForm order={data} />}
      </section>
    </div>
  );
}
