import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Stars } from '@/components/Stars/Stars';
import { limits } from '@/contract/limits.gen';
import { fieldErrorKey } from '@/lib/apiError';

/** The bounds the server checks (docs/openapi.yaml), in characters. */
export const REVIEW_LIMITS = {
  textMin: limits.ReviewInput.text.minLength,
  textMax: limits.ReviewInput.text.maxLength,
  replyMax: limits.ReviewText.text.maxLength,
  reportMax: limits.ReviewText.reason.maxLength,
} as const;

/**
 * The star ratings a buyer can give, worst first: ReviewInput.rating's minimum to maximum (a test
 * holds them together; each has its label in `reviews:form.ratingLabels`).
 */
export const RATINGS = [1, 2, 3, 4, 5] as const;

export interface ReviewValues {
  rating: number | null;
  text: string;
}

export type ReviewField = keyof ReviewValues;
export type ReviewFieldErrors = Partial<Record<ReviewField, string>>;

/** Client-side check mirroring the server's: a rating, and 10 to 2000 characters of text. */
export function validateReview(values: ReviewValues): ReviewFieldErrors {
  const errors: ReviewFieldErrors = {};
  if (values.rating === null) errors.rating = 'required';
  const length = values.text.trim().length;
  if (length === 0) errors.text = 'required';
  else if (length < REVIEW_LIMITS.textMin) errors.text = 'too_short';
  else if (length > REVIEW_LIMITS.textMax) errors.text = 'too_long';
  return errors;
}

/** The server's field errors (`rating`, `text`) of a refused review. */
export function reviewFieldErrors(fields: Record<string, string> | undefined): ReviewFieldErrors {
  const errors: ReviewFieldErrors = {};
  if (fields?.rating !== undefined) errors.rating = fields.rating;
  if (fields?.text !== undefined) errors.text = fields.text;
  return errors;
}

/** The id of a field's first control, to move focus to the first error. */
export function reviewFieldId(baseId: string, field: ReviewField): string {
  return field === 'rating' ? `${baseId}-rating-1` : `${baseId}-text`;
}

interface ReviewFieldsProps {
  baseId: string;
  values: ReviewValues;
  errors: ReviewFieldErrors;
  onChange: (values: ReviewValues) => void;
}

/**
 * The rating (a radio group of one to five stars, each with its words, usable by keyboard with
 * the arrow keys) and the text with a character counter.
 */
export function ReviewFields({ baseId, values, errors, onChange }: ReviewFieldsProps) {
  const { t } = useTranslation('reviews');
  const { t: tErrors } = useTranslation('errors');
  const counterId = useId();
  const length = values.text.length;
  return (
    <>
      <fieldset
        className="field review-rating"
        aria-describedby={errors.rating === undefined ? undefined : `${baseId}-rating-error`}
      >
        <legend>{t('form.rating')}</legend>
        <div className="review-rating__options">
          {RATINGS.map((value) => (
            <label key={value} className="review-rating__option">
              <input
                id={`${baseId}-rating-${value}`}
                type="radio"
                name={`${baseId}-rating`}
                value={value}
                checked={values.rating === value}
                onChange={() => {
                  onChange({ ...values, rating: value });
                }}
              />
              <Stars value={value} />
              <span className="review-rating__label">{t(`form.ratingLabels.${value}`)}</span>
            </label>
          ))}
        </div>
        {errors.rating !== undefined && (
          <p id={`${baseId}-rating-error`} className="field__error">
            {tErrors(fieldErrorKey(errors.rating))}
          </p>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor={`${baseId}-text`}>{t('form.text')}</label>
        <textarea
          id={`${baseId}-text`}
          rows={5}
          maxLength={REVIEW_LIMITS.textMax}
          value={values.text}
          aria-invalid={errors.text === undefined ? undefined : true}
          aria-describedby={[counterId, ...(errors.text === undefined ? [] : [`${baseId}-text-error`])].join(' ')}
          onChange={(event) => {
            onChange({ ...values, text: event.target.value });
          }}
        />
        <p id={counterId} className="review-form__counter">
          {t('form.counter', { length, max: REVIEW_LIMITS.textMax, min: REVIEW_LIMITS.textMin })}
        </p>
        {errors.text !== undefined && (
          <p id={`${baseId}-text-error`} className="field__error">
            {tErrors(fieldErrorKey(errors.text))}
          </p>
        )}
      </div>
    </>
  );
}
