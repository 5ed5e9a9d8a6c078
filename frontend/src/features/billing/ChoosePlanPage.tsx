import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  useCreateOrderMutation,
  useGetMySubscriptionsQuery,
  useGetOrderPreviewQuery,
  useGetPlansQuery,
} from '@/features/billing/api';
import { OrderSummary } from '@/features/billing/OrderSummary';
import { localized, PaymentMethodText } from '@/features/billing/shared';
import { toApiError, type ApiError } from '@/lib/apiError';
import { paths, USER_SEGMENTS } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './billing.css';

/** The order form's one field. */
const TERMS_FIELDS = ['acceptTerms'] as const;
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { FieldError } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';

/**
 * Order confirmation (choose-plan, login-protected): product, price, totals with VAT, payment
 * method, the required terms checkbox and the order button. The amounts and the free trial are the
 * server's preview (GET /orders/preview), priced by the rule the order itself uses; this page only
 * formats them. A free-trial order comes back paid and goes straight to the success page; any other
 * order goes to the payment page.
 */
export function ChoosePlanPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = params.get('plan') ?? '';
  useDocumentTitle(t('order.pageTitle'));

  const plans = useGetPlansQuery(undefined);
  const subscriptions = useGetMySubscriptionsQuery(undefined);
  const preview = useGetOrderPreviewQuery(planId, { skip: planId === '', refetchOnMountOrArgChange: true });
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  const [accepted, setAccepted] = useState(false);
  const form = useFormErrors(TERMS_FIELDS);
  const [failure, setFailure] = useState<ApiError | null>(null);

  const plan = plans.data?.find((p) => p.id === planId);
  // currentData: never the figures of the plan shown before a change of ?plan=.
  const quote = preview.currentData;
  if (plans.isLoading || subscriptions.isLoading || (preview.isFetching && !quote)) {
    return (
      <div className="container page page--narrow">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (plans.isError) {
    return (
      <div className="container page page--narrow">
        <h1>{t('order.title')}</h1>
        <ApiErrorAlert className="billing-alert" error={toApiError(plans.error)} />
      </div>
    );
  }
  if (!plan) {
    return (
      <div className="container page page--narrow">
        <h1>{t('order.title')}</h1>
        <p className="billing-alert" role="alert">
          {t('errors:codes.subscription_plan_not_found')}
        </p>
        <Link className="button" to={paths.pricing(lang)}>
          {t('order.backToPlans')}
        </Link>
      </div>
    );
  }

  if (!quote) {
    return (
      <div className="container page page--narrow">
        <h1>{t('order.title')}</h1>
        {preview.error !== undefined && <ApiErrorAlert className="billing-alert" error={toApiError(preview.error)} />}
        <Link className="button" to={paths.pricing(lang)}>
          {t('order.backToPlans')}
        </Link>
      </div>
    );
  }

  const current = subscriptions.data?.current ?? null;
  const alreadyHeld = current?.state === 'valid' && current.planId === plan.id;
  const productName = localized(plan.name, lang);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading || !plan) return;
    setFailure(null);
    if (!accepted) {
      form.show({ acceptTerms: 'must_accept' });
      return;
    }
    form.show({});
    try {
      const { order } = await createOrder({ planId: plan.id, acceptTerms: true }).unwrap();
      if (order.status === 'paid') {
        void navigate(paths.paymentSuccess(lang, order.id), { replace: true });
      } else {
        void navigate(paths.payment(lang, order.id));
      }
    } catch (error) {
      const apiError = form.refused(error);
      setFailure(apiError);
      if (apiError.code === 'terms_not_accepted') form.show({ acceptTerms: 'must_accept' });
    }
  }

  return (
    <div className="container page page--narrow order">
      <h1>{t('order.title')}</h1>
      <p className="page__lead">{t('order.lead')}</p>
      {alreadyHeld && (
        <p className="billing-note" role="status">
          {t('order.alreadyHeld')}{' '}
          <Link to={paths.userPage(lang, USER_SEGMENTS.paymentDetails)}>{t('order.seeSubscription')}</Link>
        </p>
      )}
      <section className="order__section" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">{t('order.summaryTitle')}</h2>
        <OrderSummary
          product={productName}
          priceRp={plan.priceRp}
          netRp={quote.netRp}
          vatRateBp={quote.vatRateBp}
          vatRp={quote.vatRp}
          totalRp={quote.totalRp}
          currency={quote.currency}
          {...(quote.trial && { note: t('order.trialNote', { count: quote.freeMonths }) })}
        />
      </section>
      <section className="order__section" aria-labelledby="order-method-title">
        <h2 id="order-method-title">{t('order.methodTitle')}</h2>
        <p>
          <PaymentMethodText method="card" />
        </p>
      </section>
      <form className="order__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {failure && (
          <ApiErrorAlert className="billing-alert" error={failure}>
            {failure.code === 'already_subscribed' && (
              <p>
                <Link to={paths.userPage(lang, USER_SEGMENTS.paymentDetails)}>{t('order.seeSubscription')}</Link>
              </p>
            )}
          </ApiErrorAlert>
        )}
        <div className="field">
          <div className="choice">
            <input
              {...form.a11y('acceptTerms')}
              type="checkbox"
              checked={accepted}
              required
              onChange={(event) => {
                setAccepted(event.target.checked);
                if (event.target.checked) form.clear('acceptTerms');
              }}
            />
            <label htmlFor={form.idOf('acceptTerms')}>
              {t('order.acceptStart')}
              <Link to={paths.terms(lang)} target="_blank" rel="noopener">
                {t('order.termsLink')}
                <span className="visually-hidden">{t('order.newTab')}</span>
              </Link>
              {t('order.acceptMiddle')}
              <Link to={paths.privacy(lang)} target="_blank" rel="noopener">
                {t('order.privacyLink')}
                <span className="visually-hidden">{t('order.newTab')}</span>
              </Link>
              {t('order.acceptEnd')}
            </label>
          </div>
          <FieldError form={form} field="acceptTerms" />
        </div>
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('order.ordering') : t('order.submit')}
        </button>
      </form>
    </div>
  );
}
