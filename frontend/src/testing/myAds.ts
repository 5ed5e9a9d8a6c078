import { vi } from 'vitest';
import { category, names } from '@/testing/reference';

/** A slice of the seeded category tree, as `GET /categories` returns it. */
export const CATEGORIES = [
  category('building-materials', 10),
  category('timber', 40, 'building-materials'),
  category('tiles-flooring', 90, 'building-materials'),
  category('machines', 150),
];

export const LOCALITIES = [
  { postalCode: '1201', name: 'Genève', canton: 'GE', lat: 46.21, lon: 6.14 },
  { postalCode: '1203', name: 'Genève', canton: 'GE', lat: 46.21, lon: 6.13 },
];

/** A row of `GET /products/mine`; override any field. */
export function myAd(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ad1',
    title: 'Parquet chêne 40 m²',
    categorySlug: 'tiles-flooring',
    priceRp: 125000,
    discountPct: 0,
    effectivePriceRp: 125000,
    status: 'active',
    clicks: 1234,
    favourites: 0,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-02T10:00:00Z',
    expiresAt: '2027-01-30T10:00:00Z',
    ...overrides,
  };
}

/** A photo as the owner sees it in `GET /products/{id}`. */
export function myAdImage(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    state: 'ready',
    main: false,
    thumbUrl: `/images/products/ad1/${id}-thumb.jpg`,
    cardUrl: `/images/products/ad1/${id}-card.jpg`,
    largeUrl: `/images/products/ad1/${id}-large.jpg`,
    ...overrides,
  };
}

/** `GET /products/{id}` for the owner; override any field. */
export function myAdDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ad1',
    status: 'draft',
    title: 'Parquet chêne 40 m²',
    description: 'Parquet en chêne massif, jamais posé, stocké au sec.',
    categorySlug: 'tiles-flooring',
    categoryPath: ['building-materials', 'tiles-flooring'],
    brand: '',
    condition: 'new',
    priceRp: 125000,
    discountPct: 10,
    effectivePriceRp: 112500,
    quantity: { amount: 40, unit: 'm2' },
    pickup: true,
    delivery: false,
    location: { kind: 'city', postalCode: '1201', locality: 'Genève', canton: 'GE', lat: 46.21, lon: 6.14 },
    images: [] as unknown[],
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    clicks: 0,
    canEdit: true,
    seller: { id: 'u1', name: 'Anna Muster', accountType: 'individual', memberSince: '2026-01-01T10:00:00Z' },
    ...overrides,
  };
}

/** A subscription of `GET /subscriptions/me` (only the fields the seller screens read matter). */
export function sellerSubscription(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub1',
    planId: 'starter',
    planName: names('Starter', 'Starter', 'Starter', 'Starter', 'Starter'),
    startsAt: '2026-01-15T10:00:00Z',
    expiresAt: '2027-01-15T10:00:00Z',
    adAllowance: 5,
    remainingAds: 4,
    imageAllowance: 8,
    adDurationDays: 60,
    bundle: false,
    state: 'valid',
    ...overrides,
  };
}

/** One request the fake XMLHttpRequest received; the test drives its progress and answer. */
export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => void;
  /** Answers with `status` (2xx succeeds); 0 simulates a network failure. */
  respond: (status: number) => void;
}

/**
 * Replaces XMLHttpRequest (the presigned uploads' transport) with a fake the test controls.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function installFakeUploads(): FakeUpload[] {
  const requests: FakeUpload[] = [];

  class FakeXMLHttpRequest {
    status = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.onabort?.();
    }

    send(body: unknown) {
      requests.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        progress: (loaded, total) => {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        },
        respond: (status) => {
          this.status = status;
          if (status === 0) this.onerror?.();
          else this.onload?.();
        },
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return requests;
}
