import type { ReviewIneligibilityReason } from '@/lib/apiError';

/** The bounds the server checks, in characters. */
export const REVIEW_LIMITS = { textMin: 10, textMax: 2000, replyMax: 2000, reportMax: 500 } as const;

/** The star ratings a buyer can give, worst first. */
export const RATINGS = [1, 2, 3, 4, 5] as const;
export type RatingValue = (typeof RATINGS)[number];

/** A seller's rating: the mean of the listed reviews (one decimal), null while there are none. */
export interface Rating {
  average: number | null;
  count: number;
}

/** `GET /sellers/{id}`: what anyone may see of a seller. */
export interface SellerProfile {
  id: string;
  /** The company name for professionals, else first name and last initial ("Claire M."). */
  name: string;
  accountType: 'individual' | 'professional';
  memberSince: string;
  rating: Rating;
  activeAds: number;
}

/** A buyer's review of a seller for one ad, with the seller's reply when there is one. */
export interface Review {
  id: string;
  sellerId: string;
  adId: string;
  adTitle: string;
  rating: RatingValue;
  text: string;
  /** "Claire M." */
  authorName: string;
  createdAt: string;
  /** Until when the author may change it (48 hours after writing it). */
  editableUntil: string;
  reply?: { text: string; createdAt: string };
  /** The caller wrote it (false for visitors). */
  mine: boolean;
}

/** `GET /sellers/{id}/reviews`: one page (20), newest first, with the seller's rating. */
export interface ReviewPage {
  items: Review[];
  nextCursor: string | null;
  rating: Rating;
}

export interface ReviewsQuery {
  sellerId: string;
  cursor?: string;
}

/** `GET /reviews/eligibility?adId=`: whether the signed-in user may rate the ad's seller now. */
export interface Eligibility {
  canReview: boolean;
  reason?: ReviewIneligibilityReason;
  /** When `too_early`: from when. */
  availableFrom?: string;
  /** When `already_reviewed`: the review written. */
  reviewId?: string;
}

export interface NewReview {
  adId: string;
  rating: RatingValue;
  text: string;
}

export interface ReviewEdit {
  id: string;
  rating?: RatingValue;
  text?: string;
}
