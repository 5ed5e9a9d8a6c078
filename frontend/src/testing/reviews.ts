import { http, HttpResponse } from 'msw';

/** The API base as the app resolves it under jsdom (the same as handlers.ts's API). */
const API = `${window.location.origin}/api/v1`;

/** The seller of catalogue.ts's productDetail(). */
export const SELLER_ID = '01JSELLER00000000000000001';

/** A public seller profile as `GET /sellers/{id}` returns it; override any field. */
export function sellerProfile(overrides: Record<string, unknown> = {}) {
  return {
    id: SELLER_ID,
    name: 'Muster Bau AG',
    accountType: 'professional',
    memberSince: '2025-03-05T10:00:00Z',
    rating: { average: 4.5, count: 12 },
    activeAds: 3,
    ...overrides,
  };
}

/** A review as the API returns it (written a day ago, editable for another day); override any field. */
export function review(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    id: 'rev-1',
    sellerId: SELLER_ID,
    adId: '01JCARD0000000000000000001',
    adTitle: 'Dachziegel Biberschwanz',
    rating: 4,
    text: 'Sehr freundlich, die Ziegel waren wie beschrieben.',
    authorName: 'Claire M.',
    createdAt: new Date(now - 24 * 3600_000).toISOString(),
    editableUntil: new Date(now + 24 * 3600_000).toISOString(),
    mine: false,
    ...overrides,
  };
}

/**
 * Defaults for every test: a seller without reviews, and a buyer who has not contacted the seller
 * (the ad page asks for both).
 */
export const reviewsHandlers = [
  http.get(`${API}/sellers/:id`, () => HttpResponse.json(sellerProfile({ rating: { average: null, count: 0 } }))),
  http.get(`${API}/reviews/eligibility`, () => HttpResponse.json({ canReview: false, reason: 'not_contacted' })),
];
