import type { TFunction } from 'i18next';
import { isReviewIneligibilityReason, messageOptions, type ApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import type { Language } from '@/lib/languages';
import { formatNumber } from '@/lib/number';

/** An average rating with one decimal, the same in every language ("4.5", "4.0"). */
export const formatRating: (value: number, lang?: Language) => string = (value) => formatNumber(value, 1, 1);

/**
 * A refused review call in words: review_not_eligible says why (too_early with the date from
 * which the buyer may rate), any other error its usual message.
 */
export function reviewErrorText(t: TFunction<'errors'>, error: ApiError, lang: Language): string {
  if (error.code === 'review_not_eligible') {
    const reason = error.params?.reason;
    return isReviewIneligibilityReason(reason)
      ? t(`reviewNotEligible.${reason}`, { availableFrom: formatDateTime(error.params?.availableFrom, lang) })
      : t('codes.review_not_eligible');
  }
  return t(error.messageKey, messageOptions(t, error));
}
