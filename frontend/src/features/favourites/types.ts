import type { Condition } from '@/lib/searchCriteria';

/** The most ads one user can keep (the server refuses more with `wishlist_full`). */
export const WISHLIST_MAX = 300;

/** `GET /wishlist/ids`: every saved ad id, newest saved first. */
export interface WishlistIds {
  ids: string[];
}

/**
 * A saved ad's search card: the same JSON as a `GET /products` result (money in Rappen). The
 * picture is `imageUrl`, or derived from `thumbKey` when only that is sent.
 */
export interface WishlistCard {
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
  publishedAt: string;
  sellerId: string;
  thumbKey?: string;
  imageUrl?: string;
}

/**
 * What became of a saved ad: on sale, deactivated by its seller, past its end date, or deleted
 * by its seller (then it has no card).
 */
export type WishlistState = 'active' | 'inactive' | 'expired' | 'removed';

/** One saved ad. `title` is its title when it was saved (kept after the ad is deleted). */
export interface WishlistItem {
  adId: string;
  title?: string;
  savedAt: string;
  state: WishlistState;
  card: WishlistCard | null;
}

/** `GET /wishlist`: one page (24 items), newest saved first; no `nextCursor` on the last page. */
export interface WishlistPage {
  items: WishlistItem[];
  nextCursor?: string | null;
}

/** Which page to list. */
export interface WishlistQuery {
  cursor?: string;
}

/** `PUT /wishlist/{adId}`: `201` when newly saved, `200` when it already was. */
export interface WishlistEntry {
  adId: string;
  savedAt: string;
}
