import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { apiError, INVOICE, PAYMENTS, SUBSCRIPTION } from '@/testing/billing';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function openAt(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('user/payment-details', () => {
  it('shows the current subscription and the payment history with states and invoices', async () => {
    server.use(
      http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: SUBSCRIPTION, history: [SUBSCRIPTION] })),
      http.get(`${API}/payments`, () => HttpResponse.json({ items: PAYMENTS })),
    );
    await openAt('/de/user/payment-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abonnements und Zahlungen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abos und Zahlungen' })).toHaveAttribute('aria-current', 'page');

    const summary = await screen.findByText('Pro DE', { selector: 'dd' });
    const current = summary.closest('dl');
    expect(current).not.toBeNull();
    expect(within(current as HTMLElement).getByText('Laufend')).toBeInTheDocument();
    expect(within(current as HTMLElement).getByText('vom 15.01.2026 bis 15.01.2027')).toBeInTheDocument();
    expect(within(current as HTMLElement).getByText('28 von 30')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Zahlungsverlauf' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Datum',
      'Abonnement',
      'Verbleibende Inserate',
      'Währung',
      'Betrag',
      'Zahlungsart',
      'Rechnung',
      'Status',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Starter DE');
    expect(within(first).getByText('Limit überschritten')).toBeInTheDocument();
    expect(plain(within(first).getByText(/42\.16/).textContent)).toBe('CHF 42.16');
    expect(within(first).getByText('Karte')).toBeInTheDocument();
    expect(within(second).getByText('Laufend')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Rechnung für Pro DE ansehen' })).toHaveAttribute(
      'href',
      '/de/invoice/inv1',
    );
    expect(within(third).getByText('Abgelaufen')).toBeInTheDocument();
    expect(within(third).getByText('Keine Rechnung')).toBeInTheDocument();
  });

  it('downloads an invoice through a fresh presigned link', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: null, history: [] })),
      http.get(`${API}/payments`, () => HttpResponse.json({ items: PAYMENTS })),
      http.get(`${API}/invoices/inv1/pdf`, () => HttpResponse.json({ url: 'https://files.example/inv1.pdf?sig=1' })),
    );
    const { user } = await openAt('/en/user/payment-details');
    expect(await screen.findByText('You have no subscription at the moment.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Download the invoice for Pro (PDF)' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://files.example/inv1.pdf?sig=1');
    });
  });

  it('says when there are no payments yet, and when the history cannot be loaded', async () => {
    server.use(
      http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: null, history: [] })),
      http.get(`${API}/payments`, () => HttpResponse.json({ items: [] })),
    );
    await openAt('/fr/user/payment-details');
    expect(await screen.findByText('Aucun paiement pour l’instant.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir une offre' })).toHaveAttribute(
      'href',
      '/fr/vendre?choosePlan=true',
    );
  });

  it('shows an error when the history fails', async () => {
    server.use(
      http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: null, history: [] })),
      http.get(`${API}/payments`, () => apiError(500, 'internal_error')),
    );
    await openAt('/en/user/payment-details');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error.');
  });
});

describe('invoice/:id', () => {
  it('renders the Swiss VAT invoice as a document', async () => {
    server.use(http.get(`${API}/invoices/inv1`, () => HttpResponse.json({ invoice: INVOICE })));
    await openAt('/de/invoice/inv1');
    const doc = await screen.findByRole('article', { name: 'Rechnung RE-2026-000001' });
    expect(within(doc).getByText('15.01.2026', { selector: 'time' })).toHaveAttribute('datetime', INVOICE.issuedAt);
    const seller = within(doc).getByRole('region', { name: 'Rechnungssteller' });
    expect(seller).toHaveTextContent('Remat GmbH');
    expect(seller).toHaveTextContent('Musterstrasse 1, 8000 Zürich');
    expect(seller).toHaveTextContent('MWST-Nr. CHE-123.456.789 MWST');
    const customer = within(doc).getByRole('region', { name: 'Rechnungsempfänger' });
    expect(customer).toHaveTextContent('Muster Bau AG');
    expect(customer).toHaveTextContent('Anna Muster');
    const lines = within(doc).getByRole('table', { name: 'Positionen' });
    expect(within(lines).getByText('Pro DE')).toBeInTheDocument();
    const value = (term: string) =>
      plain(within(doc).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null);
    expect(value('Total exkl. MWST')).toBe('CHF 290.00');
    expect(value('MWST 8.1 %')).toBe('CHF 23.49');
    expect(value('Total inkl. MWST')).toBe('CHF 313.49');
    expect(within(doc).getByText('Bezahlt mit Karte am 15.01.2026.')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Rechnung RE-2026-000001 – Remat');
    });
  });

  it('downloads the PDF', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/invoices/inv1`, () => HttpResponse.json({ invoice: INVOICE })),
      http.get(`${API}/invoices/inv1/pdf`, () => HttpResponse.json({ url: 'https://files.example/inv1.pdf' })),
    );
    const { user } = await openAt('/fr/invoice/inv1');
    await user.click(await screen.findByRole('button', { name: 'Télécharger le PDF' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://files.example/inv1.pdf');
    });
  });

  it('explains a failed PDF link', async () => {
    server.use(
      http.get(`${API}/invoices/inv1`, () => HttpResponse.json({ invoice: INVOICE })),
      http.get(`${API}/invoices/inv1/pdf`, () => apiError(404, 'invoice_not_found')),
    );
    const { user } = await openAt('/en/invoice/inv1');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found.');
  });

  it('says when the invoice does not exist (or is not yours)', async () => {
    server.use(http.get(`${API}/invoices/other`, () => apiError(404, 'invoice_not_found')));
    await openAt('/sq/invoice/other');
    expect(await screen.findByRole('alert')).toHaveTextContent('Fatura nuk u gjet.');
  });

  it('is login-protected', async () => {
    const { probe } = await renderApp('/en/invoice/inv1');
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/login');
    });
  });
});
