import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, billingHandlers, order, preview } from '@/testing/billing';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The value next to a term of the order summary. */
function amountOf(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return plain(dt.nextElementSibling?.textContent ?? null);
}

async function openAt(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

describe('choose-plan (order confirmation)', () => {
  it('sends visitors to the login page and back', async () => {
    const { probe } = await renderApp('/fr/choose-plan?plan=starter');
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/login');
    });
    expect(new URLSearchParams(probe.location.search).get('returnTo')).toBe('/fr/choose-plan?plan=starter');
  });

  it('shows product, price, totals excluding and including VAT 8.1 %, and the payment method', async () => {
    server.use(...billingHandlers);
    await openAt('/de/choose-plan?plan=starter');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung bestätigen' })).toBeInTheDocument();
    expect(amountOf('Produkt')).toBe('Starter DE');
    expect(amountOf('Preis')).toBe('CHF 39.00');
    expect(amountOf('Total exkl. MWST')).toBe('CHF 39.00');
    expect(amountOf('MWST 8.1 %')).toBe('CHF 3.16');
    expect(amountOf('Total inkl. MWST')).toBe('CHF 42.16');
    expect(screen.getByRole('heading', { name: 'Zahlungsart' }).nextElementSibling).toHaveTextContent('Karte');
    expect(screen.getByRole('link', { name: /Allgemeinen Geschäftsbedingungen/ })).toHaveAttribute('href', '/de/terms');
    expect(screen.getByRole('link', { name: /Datenschutzerklärung/ })).toHaveAttribute('href', '/de/privacy');
  });

  it('requires the terms, then orders and goes to the payment page', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...billingHandlers,
      http.post(`${API}/orders`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'order_created', order: order() }, { status: 201 });
      }),
    );
    const { user, probe } = await openAt('/fr/choose-plan?plan=starter');
    const button = await screen.findByRole('button', { name: 'Commander' });
    await user.click(button);
    const checkbox = screen.getByRole('checkbox', { name: /J’accepte les conditions générales/ });
    expect(checkbox).toHaveFocus();
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Veuillez cocher cette case pour continuer.');
    expect(bodies).toEqual([]);

    await user.click(checkbox);
    await user.click(button);
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/payment/ord1');
    });
    expect(bodies).toEqual([{ planId: 'starter', acceptTerms: true }]);
  });

  it('sends a free-trial order (paid, total 0) straight to the success page', async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            message: 'order_created',
            order: order({
              id: 'trial1',
              planId: 'pro',
              netRp: 0,
              vatRp: 0,
              totalRp: 0,
              status: 'paid',
              invoiceId: 'inv9',
            }),
          },
          { status: 201 },
        ),
      ),
      http.get(`${API}/orders/trial1`, () =>
        HttpResponse.json({ order: order({ id: 'trial1', status: 'paid', totalRp: 0, invoiceId: 'inv9' }) }),
      ),
      ...billingHandlers,
    );
    const { user, probe } = await openAt('/en/choose-plan?plan=pro');
    await screen.findByRole('heading', { level: 1, name: 'Confirm your order' });
    expect(screen.getByText('First 3 months free, without commitment: nothing to pay today.')).toBeInTheDocument();
    expect(amountOf('Price')).toMatch(/^CHF 290.00/);
    expect(amountOf('Total incl. VAT')).toBe('CHF 0.00');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/payment/trial1/success');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment done' })).toBeInTheDocument();
  });

  it('shows the figures the server previews, computing none itself', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API}/orders/preview`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('planId'));
        return HttpResponse.json(preview({ netRp: 3900, vatRateBp: 770, vatRp: 300, totalRp: 4200 }));
      }),
      ...billingHandlers,
    );
    await openAt('/de/choose-plan?plan=starter');
    await screen.findByRole('heading', { level: 1, name: 'Bestellung bestätigen' });
    expect(amountOf('Total exkl. MWST')).toBe('CHF 39.00');
    expect(amountOf('MWST 7.7 %')).toBe('CHF 3.00');
    expect(amountOf('Total inkl. MWST')).toBe('CHF 42.00');
    expect(asked).toEqual(['starter']);
  });

  it('shows the normal price of a free-months plan when the server grants no trial', async () => {
    server.use(
      http.get(`${API}/orders/preview`, () =>
        HttpResponse.json(preview({ planId: 'pro', netRp: 29000, vatRp: 2349, totalRp: 31349 })),
      ),
      ...billingHandlers,
    );
    await openAt('/en/choose-plan?plan=pro');
    await screen.findByRole('heading', { level: 1, name: 'Confirm your order' });
    expect(amountOf('Price')).toBe('CHF 290.00');
    expect(amountOf('Total excl. VAT')).toBe('CHF 290.00');
    expect(amountOf('VAT 8.1 %')).toBe('CHF 23.49');
    expect(amountOf('Total incl. VAT')).toBe('CHF 313.49');
    expect(screen.queryByText(/nothing to pay today/)).not.toBeInTheDocument();
  });

  it('says when the server refuses to price the plan', async () => {
    server.use(
      http.get(`${API}/orders/preview`, () => apiError(409, 'plan_retired')),
      ...billingHandlers,
    );
    await openAt('/de/choose-plan?plan=starter');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Angebot ist nicht mehr erhältlich.');
    expect(screen.queryByRole('button', { name: 'Bestellen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zu den Abos' })).toBeInTheDocument();
  });

  it('explains already_subscribed with a link to the subscription', async () => {
    server.use(
      ...billingHandlers,
      http.post(`${API}/orders`, () => apiError(409, 'already_subscribed')),
    );
    const { user } = await openAt('/fr/choose-plan?plan=starter');
    await user.click(await screen.findByRole('checkbox', { name: /J’accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Commander' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vous avez déjà un abonnement valide à cette offre avec des annonces restantes.');
    expect(within(alert).getByRole('link', { name: 'Voir mon abonnement' })).toHaveAttribute(
      'href',
      '/fr/user/payment-details',
    );
  });

  it('explains terms_not_accepted from the server', async () => {
    server.use(
      ...billingHandlers,
      http.post(`${API}/orders`, () => apiError(400, 'terms_not_accepted')),
    );
    const { user } = await openAt('/it/choose-plan?plan=starter');
    await user.click(await screen.findByRole('checkbox', { name: /Accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Ordina' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Accetta le condizioni generali per ordinare.');
  });

  it('says when the plan does not exist', async () => {
    server.use(...billingHandlers);
    await openAt('/sq/choose-plan?plan=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Oferta e abonimit nuk u gjet.');
    expect(screen.getByRole('link', { name: 'Kthehu te abonimet' })).toHaveAttribute(
      'href',
      '/sq/vendre?choosePlan=true',
    );
  });
});
