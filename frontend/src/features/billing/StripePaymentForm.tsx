import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/contract/schema.gen';
import { paths } from '@/lib/paths';
import { loadStripe, type StripeClient, type StripeElements } from '@/lib/stripe';
import { useLang } from '@/lib/useLang';

type Phase = 'loading' | 'ready' | 'unavailable';

/**
 * Stripe's Payment Element (card, and TWINT when the account offers it), mounted with the order's
 * client secret. Stripe.js is added to the page only here. Stripe sends the customer back to the
 * success page, which waits for the webhook.
 */
export function StripePaymentForm({ order }: { order: Order }) {
  const { t } = useTranslation('billing');
  const lang = useLang();
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ client: StripeClient; elements: StripeElements } | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { clientSecret, publishableKey } = order;
  const shownPhase: Phase = !clientSecret || !publishableKey ? 'unavailable' : phase;

  useEffect(() => {
    if (!clientSecret || !publishableKey) return undefined;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadStripe(publishableKey, lang).then(
      (client) => {
        if (cancelled || !mountPoint.current) return;
        const elements = client.elements({ clientSecret, locale: lang });
        const element = elements.create('payment', { layout: 'tabs' });
        element.mount(mountPoint.current);
        element.on('ready', () => {
          if (!cancelled) setPhase('ready');
        });
        destroy = () => {
          element.destroy();
        };
        stripe.current = { client, elements };
      },
      () => {
        if (!cancelled) setPhase('unavailable');
      },
    );
    return () => {
      cancelled = true;
      destroy?.();
      stripe.current = null;
    };
  }, [clientSecret, publishableKey, lang]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const current = stripe.current;
    if (!current || submitting) return;
    setSubmitting(true);
    setMessage(null);
    const returnUrl = `${window.location.origin}${paths.paymentSuccess(lang, order.id)}`;
    const { error } = await current.client.confirmPayment({
      elements: current.elements,
      confirmParams: { return_url: returnUrl },
    });
    // Only reached when the confirmation failed (otherwise Stripe redirects).
    setSubmitting(false);
    setMessage(error?.message ?? t('payment.failedTitle'));
  }

  return (
    <form className="stripe-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {shownPhase === 'loading' && <p role="status">{t('payment.loadingProvider')}</p>}
      {shownPhase === 'unavailable' && (
        <p className="billing-alert" role="alert">
          {t('payment.providerUnavailable')}
        </p>
      )}
      <div ref={mountPoint} className="stripe-form__element" />
      {message !== null && (
        <p className="billing-alert" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button" disabled={shownPhase !== 'ready' || submitting}>
        {submitting ? t('payment.paying') : t('payment.pay')}
      </button>
    </form>
  );
}
