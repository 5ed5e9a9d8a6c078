import { api } from '@/app/api';
import type {
  Message,
  Review,
  ReviewEdit,
  ReviewEligibility,
  ReviewInput,
  ReviewList,
  SellerProfile,
} from '@/contract/schema.gen';

const enc = encodeURIComponent;

/** A seller's profile and reviews; a review's change alters both (the rating). */
const sellerTag = (sellerId: string) => ({ type: 'Reviews' as const, id: `SELLER-${sellerId}` });
const eligibilityTag = (adId: string) => ({ type: 'Reviews' as const, id: `ELIGIBILITY-${adId}` });

/**
 * Seller reviews: the public seller profile and its reviews, whether the signed-in buyer may rate
 * an ad's seller, and writing, editing, answering and reporting a review. Everything carries the
 * `Reviews` tag per seller, so a new, edited or answered review refreshes the seller's rating
 * everywhere (the back office's removals invalidate the whole tag).
 */
export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSeller: build.query<SellerProfile, string>({
      query: (id) => `sellers/${enc(id)}`,
      providesTags: (_result, _error, id) => [sellerTag(id)],
    }),
    getSellerReviews: build.query<ReviewList, { sellerId: string; cursor?: string }>({
      query: ({ sellerId, cursor }) =>
        `sellers/${enc(sellerId)}/reviews${cursor === undefined ? '' : `?${new URLSearchParams({ cursor }).toString()}`}`,
      providesTags: (_result, _error, { sellerId }) => [sellerTag(sellerId)],
    }),
    getEligibility: build.query<ReviewEligibility, string>({
      query: (adId) => `reviews/eligibility?${new URLSearchParams({ adId }).toString()}`,
      providesTags: (_result, _error, adId) => [eligibilityTag(adId)],
    }),
    createReview: build.mutation<Review, ReviewInput>({
      query: (body) => ({ url: 'reviews', method: 'POST', body }),
      // Refused or not, the eligibility may have changed meanwhile (already reviewed, too early).
      invalidatesTags: (result, _error, { adId }) => [
        eligibilityTag(adId),
        ...(result ? [sellerTag(result.sellerId)] : []),
      ],
    }),
    updateReview: build.mutation<Review, ReviewEdit & { id: string; sellerId: string }>({
      query: ({ id, rating, text }) => ({ url: `reviews/${enc(id)}`, method: 'PATCH', body: { rating, text } }),
      invalidatesTags: (_result, _error, { sellerId }) => [sellerTag(sellerId)],
    }),
    replyToReview: build.mutation<Review, { id: string; sellerId: string; text: string }>({
      query: ({ id, text }) => ({ url: `reviews/${enc(id)}/reply`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, _error, { sellerId }) => [sellerTag(sellerId)],
    }),
    reportReview: build.mutation<Message, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `reviews/${enc(id)}/report`, method: 'POST', body: { reason } }),
      // Only the back office lists reports.
      invalidatesTags: [{ type: 'Reviews', id: 'ADMIN' }],
    }),
  }),
});

export const {
  useGetSellerQuery,
  useGetSellerReviewsQuery,
  useGetEligibilityQuery,
  useCreateReviewMutation,
  useUpdateReviewMutation,
  useReplyToReviewMutation,
  useReportReviewMutation,
} = reviewsApi;
