import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, billingHandlers, PLANS, SUBSCRIPTION } from '@/testing/billing';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('vendre (pricing)', () => {
  it('shows the plans side by side with prices, the popular badge and the free-months offer', async () => {
    server.use(...billingHandlers);
    await renderApp('/de/vendre');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verkaufen Sie Ihre überschüssigen Baumaterialien' }),
    ).toBeInTheDocument();
    const plans = await screen.findAllByRole('article');
    expect(plans).toHaveLength(4);
    const pro = screen.getByRole('article', { name: 'Pro DE' });
    expect(within(pro).getByText('Beliebt')).toBeInTheDocument();
    expect(within(pro).getByText('Die ersten 3 Monate gratis, unverbindlich')).toBeInTheDocument();
    // The headline is what a private buyer pays (incl. VAT, the server's figure); businesses read the net below.
    expect(plain(pro.querySelector('.plan-card__amount')?.textContent ?? null)).toBe('CHF 313.49');
    expect(within(pro).getByText('inkl. MWST')).toBeInTheDocument();
    expect(plain(pro.querySelector('.plan-card__net')?.textContent ?? null)).toBe('CHF 290.00 exkl. MWST');
    expect(within(pro).getByText('30 Inserate')).toBeInTheDocument();
    // WCAG 2.5.3: the link's name starts with its visible text.
    const choose = within(pro).getByRole('link', { name: 'Dieses Angebot wählen – Pro DE' });
    expect(choose).toHaveTextContent('Dieses Angebot wählen');
    expect(choose).toHaveAttribute('href', '/de/choose-plan?plan=pro');
    expect(
      screen.getByText('Preise inkl. MWST (8.1 %). Für Unternehmen steht der Betrag exkl. MWST unter jedem Preis.'),
    ).toBeInTheDocument();
    const starter = screen.getByRole('article', { name: 'Starter DE' });
    expect(within(starter).queryByText('Beliebt')).not.toBeInTheDocument();
    expect(within(starter).queryByText(/gratis/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Paket' })).getByText('Sichtbarkeitspaket (ohne Inserate)'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Einzelpublikation' })).getByText('pro Inserat'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Bereits abonniert')).not.toBeInTheDocument();
  });

  it('marks the plan the signed-in seller holds as already subscribed', async () => {
    signIn();
    server.use(
      http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: SUBSCRIPTION, history: [SUBSCRIPTION] })),
      ...billingHandlers,
    );
    await renderApp('/fr/vendre?choosePlan=true', { preloadedState: signedInState() });
    const pro = await screen.findByRole('article', { name: 'Pro FR' });
    expect(await within(pro).findByText('Déjà abonné')).toBeInTheDocument();
    expect(within(pro).queryByRole('link', { name: /Choisir/ })).not.toBeInTheDocument();
    expect(within(pro).getByRole('link', { name: 'Voir mon abonnement' })).toHaveAttribute(
      'href',
      '/fr/user/payment-details',
    );
    const starter = screen.getByRole('article', { name: 'Starter FR' });
    expect(within(starter).queryByText('Déjà abonné')).not.toBeInTheDocument();
    expect(within(starter).getByRole('link', { name: 'Choisir cette offre – Starter FR' })).toBeInTheDocument();
  });

  it('does not mark an expired subscription as held', async () => {
    signIn();
    const expired = { ...SUBSCRIPTION, state: 'expired' };
    server.use(
      http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: expired, history: [expired] })),
      ...billingHandlers,
    );
    await renderApp('/fr/vendre', { preloadedState: signedInState() });
    const pro = await screen.findByRole('article', { name: 'Pro FR' });
    expect(within(pro).getByRole('link', { name: 'Choisir cette offre – Pro FR' })).toBeInTheDocument();
    expect(screen.queryByText('Déjà abonné')).not.toBeInTheDocument();
  });

  it('with ?choosePlan=true moves focus to the plans', async () => {
    server.use(...billingHandlers);
    await renderApp('/fr/vendre?choosePlan=true');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Tarifs et abonnements' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
  });

  it('explains when the plans cannot be loaded', async () => {
    server.use(http.get(`${API}/plans`, () => apiError(500, 'internal_error')));
    await renderApp('/en/vendre');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error.');
  });

  it('never asks for the subscription of a visitor', async () => {
    let asked = false;
    server.use(
      http.get(`${API}/subscriptions/me`, () => {
        asked = true;
        return HttpResponse.json({ current: null, history: [] });
      }),
      ...billingHandlers,
    );
    await renderApp('/en/vendre');
    await screen.findByRole('article', { name: PLANS[2]?.name.en ?? '' });
    expect(asked).toBe(false);
  });
});
