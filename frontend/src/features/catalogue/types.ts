import type { Language } from '@/lib/languages';
import type { Condition } from '@/lib/searchCriteria';

/** A text in the five UI languages, as the API sends it. */
export type LocalizedText = Partial<Record<Language, string>>;

/** `GET /categories` item: one node of the category tree (`parent` empty or absent at the top). */
export interface Category {
  slug: string;
  parent?: string;
  sortOrder: number;
  names: LocalizedText;
}

/** `GET /brands` item. */
export interface Brand {
  slug: string;
  name: string;
}

/** `GET /localities` item: a Swiss locality of the gazetteer. */
export interface Locality {
  postalCode: string;
  name: string;
  canton: string;
  lat: number;
  lon: number;
}

/** An ad as a search result card (`search.Card` plus `imageUrl`). Money in Rappen. */
export interface ProductCard {
  id: string;
  title: string;
  brand?: string;
  category?: string;
  condition: Condition;
  priceRp: number;
  discountPct: number;
  effectivePriceRp: number;
  canton?: string;
  postalCode?: string;
  locality?: string;
  lat: number;
  lon: number;
  /** Only when the search had a location. */
  distanceKm?: number;
  publishedAt: string;
  sellerId: string;
  imageUrl?: string;
}

/** `GET /products`: one page of results; `place` is the resolved location of a radius search. */
export interface SearchResult {
  items: ProductCard[];
  nextCursor?: string;
  place?: Locality;
}

/** `GET /sellers/{id}/ads`: one page (24) of a seller's active ads, newest first. */
export interface SellerAdsPage {
  items: ProductCard[];
  nextCursor: string | null;
}

export const UNITS = ['pieces', 'm', 'm2', 'm3', 'kg', 't', 'pallet'] as const;
export type Unit = (typeof UNITS)[number];

export interface Quantity {
  amount: number;
  unit: Unit;
}

export type ProductStatus = 'draft' | 'active' | 'inactive' | 'expired';

export interface ProductImage {
  id: string;
  state: 'pending' | 'ready' | 'failed';
  reason?: string;
  main: boolean;
  thumbUrl?: string;
  cardUrl?: string;
  largeUrl?: string;
  width?: number;
  height?: number;
}

/** The public seller card of an ad. */
export interface Seller {
  id: string;
  name: string;
  accountType: 'individual' | 'professional';
  memberSince: string;
}

/** `GET /products/{id}`. Public locations are rounded (approximate). */
export interface ProductDetail {
  id: string;
  status: ProductStatus;
  title: string;
  description: string;
  categorySlug: string;
  categoryPath: string[];
  brand?: string;
  condition: Condition;
  priceRp: number;
  discountPct: number;
  effectivePriceRp: number;
  quantity: Quantity;
  pickup: boolean;
  delivery: boolean;
  location: {
    kind: 'city' | 'canton';
    postalCode?: string;
    locality?: string;
    canton: string;
    lat: number;
    lon: number;
  };
  images: ProductImage[];
  mainImageId?: string;
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
  expiresAt?: string;
  seller: Seller;
  clicks?: number;
  canEdit: boolean;
}
