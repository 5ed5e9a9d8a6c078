import type { Language } from '@/lib/languages';

/** An ad's life cycle (spec §4): saved as a draft, published (active), paused, or past its end date. */
export const AD_STATUSES = ['draft', 'active', 'inactive', 'expired'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const CONDITIONS = ['new', 'used'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Quantity units a construction-materials seller needs (`m2` is m², `m3` is m³). */
export const QUANTITY_UNITS = ['pieces', 'm', 'm2', 'm3', 'kg', 't', 'pallet'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

/** A row of `GET /products/mine` (money in Rappen). */
export interface MyAd {
  id: string;
  title: string;
  categorySlug: string;
  priceRp: number;
  discountPct: number;
  effectivePriceRp: number;
  status: AdStatus;
  clicks: number;
  /** How many people keep the ad in their favourites. */
  favourites: number;
  imageUrl?: string;
  createdAt: string;
  updatedAt: string;
  expiresAt?: string;
}

export interface MyAdsPage {
  items: MyAd[];
  nextCursor?: string;
}

export interface MyAdsQuery {
  status?: AdStatus;
  cursor?: string;
}

export type ImageState = 'pending' | 'ready' | 'failed';

/** One photo of an ad as its owner sees it (pending and failed ones included). */
export interface ProductImage {
  id: string;
  state: ImageState;
  reason?: string;
  main: boolean;
  thumbUrl?: string;
  cardUrl?: string;
  largeUrl?: string;
  width?: number;
  height?: number;
}

export type Location =
  | { kind: 'city'; postalCode?: string; locality?: string; canton: string; lat?: number; lon?: number }
  | { kind: 'canton'; postalCode?: string; locality?: string; canton: string; lat?: number; lon?: number };

/** `GET /products/{id}`: the whole ad (its owner also sees drafts and every image state). */
export interface ProductDetail {
  id: string;
  status: AdStatus;
  title: string;
  description: string;
  categorySlug: string;
  categoryPath: string[];
  brand: string;
  condition: Condition;
  priceRp: number;
  discountPct: number;
  effectivePriceRp: number;
  quantity: { amount: number; unit: QuantityUnit };
  pickup: boolean;
  delivery: boolean;
  location: Location;
  images: ProductImage[];
  mainImageId?: string;
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
  expiresAt?: string;
  clicks?: number;
  canEdit: boolean;
}

/** The editable fields of an ad, sent whole by `POST /products` and `PATCH /products/{id}`. */
export interface ProductInput {
  title: string;
  categorySlug: string;
  brand: string;
  description: string;
  priceRp: number;
  discountPct: number;
  condition: Condition;
  quantity: { amount: number; unit: QuantityUnit };
  pickup: boolean;
  delivery: boolean;
  location: { kind: 'city'; postalCode: string; locality?: string } | { kind: 'canton'; canton: string };
}

/** Image types the pipeline accepts, declared when asking for an upload. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

export interface ImageUploadRequest {
  productId: string;
  contentType: ImageContentType;
  size: number;
}

/** A presigned request: PUT the file's bytes to `url` with exactly these headers. */
export interface UploadTarget {
  url: string;
  method: string;
  headers: Record<string, string>;
}

export interface ImageUploadResponse {
  image: { id: string; state: ImageState };
  upload: UploadTarget;
  expiresAt: string;
}

/** A category of the seeded tree (`GET /categories`). */
export interface Category {
  slug: string;
  parent?: string;
  sortOrder: number;
  names: Partial<Record<Language, string>>;
}

export interface Brand {
  slug: string;
  name: string;
}

/** A Swiss locality (`GET /localities?q=`). */
export interface Locality {
  postalCode: string;
  name: string;
  canton: string;
  lat: number;
  lon: number;
}

/** The parts of `GET /subscriptions/me` the seller screens need. */
export interface SellerSubscription {
  state: 'valid' | 'expired' | 'limit_exceeded';
  bundle: boolean;
  remainingAds: number;
  imageAllowance: number;
}

export interface SellerSubscriptions {
  current: SellerSubscription | null;
  history: SellerSubscription[];
}
