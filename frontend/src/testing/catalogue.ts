import { http, HttpResponse } from 'msw';
import { BRANDS, category } from '@/testing/reference';

/** The API base as the app resolves it under jsdom (the same as handlers.ts's API). */
const API = `${window.location.origin}/api/v1`;

/** A slice of the seeded category tree, as `GET /categories` returns it (unordered on purpose). */
export const CATEGORIES = [
  category('timber', 40, 'building-materials'),
  category('building-materials', 10, ''),
  category('tools', 120, ''),
  category('roofing', 70, 'building-materials'),
  category('power-tools', 130, 'tools'),
];

export const LOCALITIES = [
  { postalCode: '8001', name: 'Zürich', canton: 'ZH', lat: 47.37, lon: 8.54 },
  { postalCode: '8002', name: 'Zürich', canton: 'ZH', lat: 47.36, lon: 8.53 },
];

/** A search card as `GET /products` returns it; override any field. */
export function card(overrides: Record<string, unknown> = {}) {
  return {
    id: '01JCARD0000000000000000001',
    title: 'Dachziegel Biberschwanz',
    brand: 'Hilti',
    category: 'roofing',
    condition: 'used',
    priceRp: 125000,
    discountPct: 0,
    effectivePriceRp: 125000,
    canton: 'ZH',
    postalCode: '8001',
    locality: 'Zürich',
    lat: 47.37,
    lon: 8.54,
    publishedAt: '2026-11-20T10:00:00Z',
    sellerId: '01JSELLER00000000000000001',
    imageUrl: '/images/products/a/1-card.jpg',
    ...overrides,
  };
}

/** An ad as `GET /products/{id}` returns it to the public; override any field. */
export function productDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: '01JCARD0000000000000000001',
    status: 'active',
    title: 'Dachziegel Biberschwanz',
    description: 'Rund 400 Ziegel, trocken gelagert.\n\nAbholung ab Montag.',
    categorySlug: 'roofing',
    categoryPath: ['roofing', 'building-materials'],
    brand: 'Hilti',
    condition: 'used',
    priceRp: 125000,
    discountPct: 20,
    effectivePriceRp: 100000,
    quantity: { amount: 12.5, unit: 'm2' },
    pickup: true,
    delivery: true,
    location: { kind: 'city', postalCode: '8001', locality: 'Zürich', canton: 'ZH', lat: 47.37, lon: 8.54 },
    images: [
      {
        id: 'img2',
        state: 'ready',
        main: false,
        thumbUrl: '/images/2-thumb.jpg',
        cardUrl: '/images/2-card.jpg',
        largeUrl: '/images/2-large.jpg',
        width: 1600,
        height: 1200,
      },
      {
        id: 'img1',
        state: 'ready',
        main: true,
        thumbUrl: '/images/1-thumb.jpg',
        cardUrl: '/images/1-card.jpg',
        largeUrl: '/images/1-large.jpg',
        width: 1600,
        height: 1200,
      },
      {
        id: 'img3',
        state: 'ready',
        main: false,
        thumbUrl: '/images/3-thumb.jpg',
        cardUrl: '/images/3-card.jpg',
        largeUrl: '/images/3-large.jpg',
        width: 1200,
        height: 1600,
      },
    ],
    mainImageId: 'img1',
    createdAt: '2026-11-18T10:00:00Z',
    updatedAt: '2026-11-19T10:00:00Z',
    publishedAt: '2026-11-20T10:00:00Z',
    expiresAt: '2027-01-19T10:00:00Z',
    seller: {
      id: '01JSELLER00000000000000001',
      name: 'Muster Bau AG',
      accountType: 'professional',
      memberSince: '2025-03-05T10:00:00Z',
    },
    canEdit: false,
    ...overrides,
  };
}

/**
 * The catalogue's public endpoints with harmless answers, part of every test's default handlers
 * (the home page asks for categories, brands and recent ads).
 */
export const catalogueHandlers = [
  http.get(`${API}/categories`, () => HttpResponse.json({ items: CATEGORIES })),
  http.get(`${API}/brands`, () => HttpResponse.json({ items: BRANDS })),
  http.get(`${API}/localities`, () => HttpResponse.json({ items: [] })),
  http.get(`${API}/suggestions`, () => HttpResponse.json({ items: [] })),
  http.get(`${API}/products`, () => HttpResponse.json({ items: [] })),
  http.get(`${API}/products/batch`, () => HttpResponse.json({ items: [] })),
];
