import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import { billingApi, useGetOrderQuery } from '@/features/billing/api';
import { localized } from '@/features/billing/shared';
import { toApiError } from '@/lib/apiError';
import { formatMoney } from '@/lib/money';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './billing.css';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';

/** How the result page waits for the webhook (tests shorten it). */
export const PAYMENT_POLL = { intervalMs: 1500, timeoutMs: 60_000 };

/**
 * payment/:orderId/success and /failure: the provider's redirect proves nothing, so both poll the
 * order until the webhook has settled it, then say "payment done" or "payment failed". The page
 * shows what the order says, whichever of the two URLs was opened.
 */
export function PaymentResultPage() {
  const { t } = useTranslation('billing');
  const lang = useLang();
  const dispatch = useAppDispatch();
  const { orderId = '' } = useParams();
  const onFailurePage = useLocation().pathname.endsWith('/failure');
  const [timedOut, setTimedOut] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // The cached status decides whether to keep polling (read before subscribing with the interval).
  const cachedStatus = billingApi.endpoints.getOrder.useQueryState(orderId).data?.status;
  const settled = cachedStatus === 'paid' || cachedStatus === 'failed';
  const order = useGetOrderQuery(orderId, {
    pollingInterval: settled || timedOut ? 0 : PAYMENT_POLL.intervalMs,
    skipPollingIfUnfocused: false,
    refetchOnMountOrArgChange: true,
  });
  const status = order.data?.status;
  const notFound = order.isError && toApiError(order.error).status === 404;

  // Once paid, the subscription and payment history have changed.
  const invalidated = useRef(false);
  useEffect(() => {
    if (status === 'paid' && !invalidated.current) {
      invalidated.current = true;
      dispatch(api.util.invalidateTags(['Subscription', 'Payment']));
    }
  }, [status, dispatch]);

  useEffect(() => {
    if (settled || notFound) return undefined;
    const timer = window.setTimeout(() => {
      setTimedOut(true);
    }, PAYMENT_POLL.timeoutMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [settled, notFound, attempt]);

  const title =
    status === 'paid'
      ? t('result.paidTitle')
      : status === 'failed'
        ? t('result.failedTitle')
        : timedOut
          ? t('result.timeoutTitle')
          : t('result.pendingTitle');
  useDocumentTitle(title);

  if (notFound || (order.isError && !order.data)) {
    return (
      <div className="container page page--narrow">
        <h1>{t('result.errorTitle')}</h1>
        <ApiErrorAlert className="billing-alert" error={toApiError(order.error)} />
        <Link className="button" to={paths.pricing(lang)}>
          {t('order.backToPlans')}
        </Link>
      </div>
    );
  }

  const data = order.data;
  // The URL follows the outcome: a declined payment ends on /failure, a paid one on /success.
  if (status === 'failed' && !onFailurePage) return <Navigate to={paths.paymentFailure(lang, orderId)} replace />;
  if (status === 'paid' && onFailurePage) return <Navigate to={paths.paymentSuccess(lang, orderId)} replace />;
  return (
    <div className="container page page--narrow payment-result">
      <div
        className={`payment-result__box payment-result__box--${status === 'paid' ? 'paid' : status === 'failed' ? 'failed' : 'pending'}`}
      >
        <h1>{title}</h1>
        <div role="status" aria-live="polite">
          {status === 'paid' && data && (
            <>
              <p>{t('result.paidText', { product: localized(data.planName, lang) })}</p>
              <p>{t('result.paidAmount', { amount: formatMoney(data.totalRp, data.currency, lang) })}</p>
            </>
          )}
          {status === 'failed' && <p>{t('result.failedText')}</p>}
          {status !== 'paid' && status !== 'failed' && !timedOut && <p>{t('result.pendingText')}</p>}
          {status !== 'paid' && status !== 'failed' && timedOut && <p>{t('result.timeoutText')}</p>}
        </div>
        {status === 'paid' && data && (
          <p className="payment-result__actions">
            <Link className="button" to={paths.userPage(lang, USER_SEGMENTS.paymentDetails)}>
              {t('result.toDashboard')}
            </Link>
            {data.invoiceId !== undefined && (
              <Link className="button button--outline" to={paths.invoice(lang, data.invoiceId)}>
                {t('result.toInvoice')}
              </Link>
            )}
          </p>
        )}
        {status === 'failed' && data && (
          <p className="payment-result__actions">
            <Link className="button" to={paths.payment(lang, data.id)}>
              {t('result.retry')}
            </Link>
            <Link className="button button--outline" to={paths.pricing(lang)}>
              {t('order.backToPlans')}
            </Link>
          </p>
        )}
        {status !== 'paid' && status !== 'failed' && timedOut && (
          <p className="payment-result__actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setTimedOut(false);
                setAttempt((n) => n + 1);
                void order.refetch();
              }}
            >
              {t('result.checkAgain')}
            </button>
            <Link className="button button--outline" to={paths.userPage(lang, USER_SEGMENTS.paymentDetails)}>
              {t('result.toDashboard')}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
