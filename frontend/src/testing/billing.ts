import { http, HttpResponse } from 'msw';
import { API } from '@/testing/handlers';
import { names } from '@/testing/reference';

/** The seeded plans of the contract, as `GET /plans` returns them (prices incl. VAT at 8.1 %, half-up). */
export const PLANS = [
  {
    id: 'single',
    kind: 'single',
    name: names(
      'Single publication',
      'Publication unique',
      'Einzelpublikation',
      'Pubblicazione singola',
      'Publikim i vetëm',
    ),
    description: names('One ad', 'Une annonce', 'Ein Inserat', 'Un annuncio', 'Një njoftim'),
    priceRp: 1900,
    vatRateBp: 810,
    priceInclVatRp: 2054,
    currency: 'CHF',
    duration: { value: 60, unit: 'days' },
    freeMonths: 0,
    adAllowance: 1,
    imageAllowance: 8,
    adDurationDays: 60,
    bundle: false,
    popular: false,
  },
  {
    id: 'starter',
    kind: 'subscription',
    name: names('Starter', 'Starter FR', 'Starter DE', 'Starter IT', 'Starter SQ'),
    description: names('Five ads', 'Cinq annonces', 'Fünf Inserate', 'Cinque annunci', 'Pesë njoftime'),
    priceRp: 3900,
    vatRateBp: 810,
    priceInclVatRp: 4216,
    currency: 'CHF',
    duration: { value: 3, unit: 'months' },
    freeMonths: 0,
    adAllowance: 5,
    imageAllowance: 8,
    adDurationDays: 60,
    bundle: false,
    popular: false,
  },
  {
    id: 'pro',
    kind: 'subscription',
    name: names('Pro', 'Pro FR', 'Pro DE', 'Pro IT', 'Pro SQ'),
    description: names('Thirty ads', 'Trente annonces', 'Dreissig Inserate', 'Trenta annunci', 'Tridhjetë njoftime'),
    priceRp: 29000,
    vatRateBp: 810,
    priceInclVatRp: 31349,
    currency: 'CHF',
    duration: { value: 12, unit: 'months' },
    freeMonths: 3,
    adAllowance: 30,
    imageAllowance: 10,
    adDurationDays: 90,
    bundle: false,
    popular: true,
  },
  {
    id: 'bundle',
    kind: 'subscription',
    name: names('Bundle', 'Pack', 'Paket', 'Pacchetto', 'Paketë'),
    description: names('Visibility', 'Visibilité', 'Sichtbarkeit', 'Visibilità', 'Dukshmëri'),
    priceRp: 59000,
    vatRateBp: 810,
    priceInclVatRp: 63779,
    currency: 'CHF',
    duration: { value: 12, unit: 'months' },
    freeMonths: 0,
    adAllowance: 0,
    imageAllowance: 0,
    adDurationDays: 0,
    bundle: true,
    popular: false,
  },
];

export const SUBSCRIPTION = {
  id: 'sub1',
  planId: 'pro',
  planName: PLANS[2]?.name,
  startsAt: '2026-01-15T10:00:00Z',
  expiresAt: '2027-01-15T10:00:00Z',
  adAllowance: 30,
  remainingAds: 28,
  imageAllowance: 10,
  adDurationDays: 90,
  bundle: false,
  state: 'valid',
};

/** An order as the API returns it; override any field. */
export function order(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ord1',
    planId: 'starter',
    planName: PLANS[1]?.name,
    lines: [{ description: PLANS[1]?.name, quantity: 1, unitPriceRp: 3900, netRp: 3900 }],
    netRp: 3900,
    vatRateBp: 810,
    vatRp: 316,
    totalRp: 4216,
    currency: 'CHF',
    status: 'pending',
    provider: 'test',
    paymentMethod: 'card',
    createdAt: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

export const PAYMENTS = [
  {
    id: 'pay2',
    orderId: 'ord2',
    planName: PLANS[1]?.name,
    subscriptionId: 'sub2',
    remainingAds: 0,
    currency: 'CHF',
    amountRp: 4216,
    method: 'card',
    state: 'limit_exceeded',
    invoiceId: 'inv2',
    paidAt: '2026-10-01T10:00:00Z',
  },
  {
    id: 'pay1',
    orderId: 'ord1',
    planName: PLANS[2]?.name,
    subscriptionId: 'sub1',
    remainingAds: 28,
    currency: 'CHF',
    amountRp: 31349,
    method: 'card',
    state: 'valid',
    invoiceId: 'inv1',
    paidAt: '2026-01-15T10:00:00Z',
  },
  {
    id: 'pay0',
    orderId: 'ord0',
    planName: PLANS[0]?.name,
    subscriptionId: 'sub0',
    remainingAds: 1,
    currency: 'CHF',
    amountRp: 2054,
    method: 'card',
    state: 'expired',
    paidAt: '2025-06-01T10:00:00Z',
  },
];

export const INVOICE = {
  id: 'inv1',
  number: 'RE-2026-000001',
  issuedAt: '2026-01-15T10:00:00Z',
  seller: { name: 'Remat GmbH', address: 'Musterstrasse 1, 8000 Zürich', vatNumber: 'CHE-123.456.789 MWST' },
  customer: {
    name: 'Anna Muster',
    company: 'Muster Bau AG',
    address: 'Bahnhofstrasse 5, 3000 Bern',
    email: 'anna@example.ch',
  },
  lines: [{ description: PLANS[2]?.name, quantity: 1, unitPriceRp: 29000, netRp: 29000 }],
  netRp: 29000,
  vatRateBp: 810,
  vatRp: 2349,
  totalRp: 31349,
  currency: 'CHF',
  paymentMethod: 'card',
  paidAt: '2026-01-15T10:00:00Z',
};

/** The server's order preview (`GET /orders/preview`) of a starter plan; override any field. */
export function preview(overrides: Record<string, unknown> = {}) {
  return {
    planId: 'starter',
    trial: false,
    freeMonths: 0,
    netRp: 3900,
    vatRateBp: 810,
    vatRp: 316,
    totalRp: 4216,
    currency: 'CHF',
    ...overrides,
  };
}

/** What the server previews for each plan of PLANS to a seller who never held one. */
export const PREVIEWS: Record<string, ReturnType<typeof preview>> = {
  single: preview({ planId: 'single', netRp: 1900, vatRp: 154, totalRp: 2054 }),
  starter: preview(),
  pro: preview({ planId: 'pro', trial: true, freeMonths: 3, netRp: 0, vatRp: 0, totalRp: 0 }),
  bundle: preview({ planId: 'bundle', netRp: 59000, vatRp: 4779, totalRp: 63779 }),
};

export const apiError = (status: number, code: string) =>
  HttpResponse.json({ error: { code, message: code } }, { status });

/** Plans, an empty subscription state and its order previews: what most billing pages need. */
export const billingHandlers = [
  http.get(`${API}/plans`, () => HttpResponse.json({ items: PLANS })),
  http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: null, history: [] })),
  http.get(`${API}/orders/preview`, ({ request }) => {
    const found = PREVIEWS[new URL(request.url).searchParams.get('planId') ?? ''];
    return found ? HttpResponse.json(found) : apiError(404, 'subscription_plan_not_found');
  }),
];
