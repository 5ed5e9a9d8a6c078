import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL } from '@/features/billing/PaymentResultPage';
import { forgetStripe, STRIPE_JS_URL } from '@/lib/stripe';
import { apiError, order } from '@/testing/billing';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function openAt(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

describe('payment/:orderId with the test-mode provider', () => {
  it('shows the amounts and a clearly labelled test card form', async () => {
    server.use(http.get(`${API}/orders/ord1`, () => HttpResponse.json({ order: order() })));
    await openAt('/de/payment/ord1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlungsinformationen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Testmodus – keine echte Zahlung' })).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242: Die Zahlung gelingt')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002: Die Karte wird abgelehnt')).toBeInTheDocument();
    const total = screen.getByText('Total inkl. MWST', { selector: 'dt' });
    expect(plain(total.nextElementSibling?.textContent ?? null)).toBe('CHF 42.16');
    expect(screen.getByText('MWST 8.1 %', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Kartennummer')).toHaveAttribute('autocomplete', 'cc-number');
    expect(document.querySelector(`script[src="${STRIPE_JS_URL}"]`)).toBeNull();
  });

  it('checks the card fields before sending', async () => {
    let sent = false;
    server.use(
      http.get(`${API}/orders/ord1`, () => HttpResponse.json({ order: order() })),
      http.post(`${API}/orders/ord1/test-payment`, () => {
        sent = true;
        return HttpResponse.json({ message: 'payment_processing' }, { status: 202 });
      }),
    );
    const { user } = await openAt('/fr/payment/ord1');
    await user.click(await screen.findByRole('button', { name: 'Payer maintenant' }));
    expect(screen.getByLabelText('Numéro de carte')).toHaveFocus();
    expect(screen.getByLabelText('Numéro de carte')).toHaveAccessibleDescription('Champ obligatoire');
    await user.type(screen.getByLabelText('Numéro de carte'), '4242424242424241');
    await user.type(screen.getByLabelText('Date d’expiration (MM/AA)'), '0120');
    await user.type(screen.getByLabelText('Code de sécurité (CVC)'), '12');
    await user.click(screen.getByRole('button', { name: 'Payer maintenant' }));
    expect(screen.getByLabelText('Numéro de carte')).toHaveAccessibleDescription('Valeur invalide');
    expect(screen.getByLabelText('Date d’expiration (MM/AA)')).toHaveAccessibleDescription('Valeur invalide');
    expect(screen.getByLabelText('Code de sécurité (CVC)')).toHaveAccessibleDescription('Valeur invalide');
    expect(sent).toBe(false);
  });

  it('pays with the test card and goes to the success page', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/orders/ord1`, () => HttpResponse.json({ order: order() })),
      http.post(`${API}/orders/ord1/test-payment`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'payment_processing' }, { status: 202 });
      }),
    );
    const { user, probe } = await openAt('/en/payment/ord1');
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveValue('12/34');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/payment/ord1/success');
    });
    expect(bodies).toEqual([{ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }]);
  });

  it('explains order_not_pending with a way to see the status or order again', async () => {
    server.use(
      http.get(`${API}/orders/ord1`, () => HttpResponse.json({ order: order() })),
      http.post(`${API}/orders/ord1/test-payment`, () => apiError(409, 'order_not_pending')),
    );
    const { user } = await openAt('/en/payment/ord1');
    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This order is no longer awaiting payment.');
    expect(within(alert).getByRole('link', { name: 'Order again' })).toHaveAttribute(
      'href',
      '/en/choose-plan?plan=starter',
    );
  });

  it("shows the server's verdict on a card the test provider does not know", async () => {
    server.use(
      http.get(`${API}/orders/ord1`, () => HttpResponse.json({ order: order() })),
      http.post(`${API}/orders/ord1/test-payment`, () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'invalid', fields: { cardNumber: 'invalid' } } },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openAt('/en/payment/ord1');
    await user.type(await screen.findByLabelText('Card number'), '4111111111111111');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid. Please check the form.');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Invalid value');
  });

  it('says when the order does not exist', async () => {
    server.use(http.get(`${API}/orders/nope`, () => apiError(404, 'order_not_found')));
    await openAt('/fr/payment/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Commande introuvable.');
  });

  it('sends a paid order to the success page', async () => {
    server.use(http.get(`${API}/orders/ord1`, () => HttpResponse.json({ order: order({ status: 'paid' }) })));
    const { probe } = await openAt('/en/payment/ord1');
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/payment/ord1/success');
    });
  });
});

describe('payment/:orderId with Stripe', () => {
  afterEach(() => {
    forgetStripe();
    delete (window as unknown as { Stripe?: unknown }).Stripe;
    document.querySelectorAll('script[src^="https://js.stripe.com"]').forEach((s) => {
      s.remove();
    });
  });

  it('loads Stripe.js, mounts the Payment Element and confirms with the success page as return URL', async () => {
    const mount = vi.fn();
    let onReady: (() => void) | undefined;
    const confirmPayment = vi.fn(() => Promise.resolve({ error: { message: 'Your card was declined.' } }));
    const elements = vi.fn(() => ({
      create: () => ({
        mount,
        destroy: vi.fn(),
        on: (event: string, handler: () => void) => {
          if (event === 'ready') onReady = handler;
        },
      }),
    }));
    const Stripe = vi.fn(() => ({ elements, confirmPayment }));
    server.use(
      http.get(`${API}/orders/ord1`, () =>
        HttpResponse.json({
          order: order({ provider: 'stripe', clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_123' }),
        }),
      ),
    );
    const { user } = await openAt('/de/payment/ord1');
    await screen.findByRole('heading', { level: 1, name: 'Zahlungsinformationen' });
    expect(screen.queryByRole('heading', { name: /Testmodus/ })).not.toBeInTheDocument();
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
      if (!found) throw new Error('no Stripe.js script yet');
      return found;
    });
    (window as unknown as { Stripe: unknown }).Stripe = Stripe;
    script.dispatchEvent(new Event('load'));
    await waitFor(() => {
      expect(mount).toHaveBeenCalledTimes(1);
    });
    expect(Stripe).toHaveBeenCalledWith('pk_test_123', { locale: 'de' });
    expect(elements).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2', locale: 'de' });
    const pay = screen.getByRole('button', { name: 'Jetzt bezahlen' });
    expect(pay).toBeDisabled();
    onReady?.();
    await waitFor(() => {
      expect(pay).toBeEnabled();
    });
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: { return_url: `${window.location.origin}/de/payment/ord1/success` },
      }),
    );
  });

  it('says when Stripe.js cannot be loaded', async () => {
    server.use(
      http.get(`${API}/orders/ord1`, () =>
        HttpResponse.json({ order: order({ provider: 'stripe', clientSecret: 'cs', publishableKey: 'pk' }) }),
      ),
    );
    await openAt('/en/payment/ord1');
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
      if (!found) throw new Error('no Stripe.js script yet');
      return found;
    });
    script.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment form could not be loaded.');
  });
});

describe('payment/:orderId/success and /failure', () => {
  const saved = { ...PAYMENT_POLL };
  beforeEach(() => {
    PAYMENT_POLL.intervalMs = 40;
    PAYMENT_POLL.timeoutMs = 600;
  });
  afterEach(() => {
    Object.assign(PAYMENT_POLL, saved);
  });

  /** Answers `pending` `times` times, then `final`. */
  function settlesAfter(times: number, final: Record<string, unknown>) {
    let calls = 0;
    server.use(
      http.get(`${API}/orders/ord1`, () => {
        calls += 1;
        return HttpResponse.json({ order: calls > times ? order(final) : order() });
      }),
    );
    return () => calls;
  }

  it('polls until paid, then shows "payment done" with the dashboard and invoice links', async () => {
    const calls = settlesAfter(2, { status: 'paid', invoiceId: 'inv1', paidAt: '2026-11-22T10:01:00Z' });
    await openAt('/fr/payment/ord1/success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmation de votre paiement...' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Paiement effectué' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes abonnements et paiements' })).toHaveAttribute(
      'href',
      '/fr/user/payment-details',
    );
    expect(screen.getByRole('link', { name: 'Voir la facture' })).toHaveAttribute('href', '/fr/invoice/inv1');
    expect(plain(screen.getByText(/Montant payé/).textContent)).toBe('Montant payé : CHF 42.16');
    const settledAt = calls();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls()).toBe(settledAt);
    await waitFor(() => {
      expect(document.title).toBe('Paiement effectué – Remat');
    });
  });

  it('polls until failed, then shows "payment failed" with a retry path', async () => {
    settlesAfter(1, { status: 'failed' });
    await openAt('/de/payment/ord1/failure');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zahlung fehlgeschlagen' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erneut versuchen' })).toHaveAttribute('href', '/de/payment/ord1');
  });

  it('moves a failed order from /success to /failure, and a paid one the other way', async () => {
    settlesAfter(1, { status: 'failed' });
    const { probe } = await openAt('/en/payment/ord1/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/payment/ord1/failure');
    });
    expect(probe.navigationType).toBe('REPLACE');
  });

  it('moves a paid order from /failure to /success', async () => {
    settlesAfter(0, { status: 'paid' });
    const { probe } = await openAt('/en/payment/ord1/failure');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment done' })).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/payment/ord1/success');
    });
  });

  it('gives a clear message when still pending after the time limit, and can check again', async () => {
    const calls = settlesAfter(1_000, {});
    const { user } = await openAt('/en/payment/ord1/success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment still being processed' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We have not received the confirmation yet/)).toBeInTheDocument();
    const stoppedAt = calls();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls()).toBe(stoppedAt);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => {
      expect(calls()).toBeGreaterThan(stoppedAt);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment...' })).toBeInTheDocument();
  });

  it('says when the order does not exist', async () => {
    server.use(http.get(`${API}/orders/ord1`, () => apiError(404, 'order_not_found')));
    await openAt('/it/payment/ord1/success');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ordine non trovato.');
  });
});
