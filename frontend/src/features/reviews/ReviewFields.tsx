import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/form/fields';
import { useFormErrors, type FormErrors } from '@/components/form/formErrors';
import { Stars } from '@/components/Stars/Stars';
import * as limits from '@/contract/limits.gen';
import { reviewErrorText } from '@/features/reviews/format';
import { useLang } from '@/lib/useLang';

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

/** The review form's fields, in form order (the first invalid one gets the focus). */
const REVIEW_FIELDS = ['rating', 'text'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
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

interface ReviewFieldsProps {
  form: FormErrors<ReviewField>;
  values: ReviewValues;
  onChange: (values: ReviewValues) => void;
}

/**
 * The rating (a radio group of one to five stars, each with its words, usable by keyboard with
 * the arrow keys) and the text with a character counter.
 */
function ReviewFields({ form, values, onChange }: ReviewFieldsProps) {
  const { t } = useTranslation('reviews');
  const length = values.text.length;
  return (
    <>
      <fieldset className="field review-rating" aria-describedby={form.describedBy('rating')}>
        <legend>{t('form.rating')}</legend>
        <div className="review-rating__options">
          {RATINGS.map((value, index) => (
            <label key={value} className="review-rating__option">
              <input
                id={index === 0 ? form.idOf('rating') : undefined}
                type="radio"
                name={form.idOf('rating')}
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
        <FieldError form={form} field="rating" />
      </fieldset>

      <div className="field">
        <label htmlFor={form.idOf('text')}>{t('form.text')}</label>
        <textarea
          {...form.a11y('text', true)}
          rows={5}
          maxLength={REVIEW_LIMITS.textMax}
          value={values.text}
          onChange={(event) => {
            onChange({ ...values, text: event.target.value });
          }}
        />
        <p id={form.hintIdOf('text')} className="review-form__counter">
          {t('form.counter', { length, max: REVIEW_LIMITS.textMax, min: REVIEW_LIMITS.textMin })}
        </p>
        <FieldError form={form} field="text" />
      </div>
    </>
  );
}

/** Why a review call was refused, in words (nothing while there is no refusal). */
export function ReviewAlert({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <p className="review-alert" role="alert">
      {text}
    </p>
  );
}

/** What a review form sends once its checks pass. */
export interface ReviewInput {
  rating: number;
  text: string;
}

interface ReviewFormProps {
  initial: ReviewValues;
  /** Sends the review; a rejection (the call's error) is shown on the form. */
  save: (review: ReviewInput) => Promise<unknown>;
  busy: boolean;
  /** The form's name: a visible heading's id, or a label. */
  labelledBy?: string;
  label?: string;
  /** The form's buttons. */
  children: ReactNode;
}

/**
 * A review's rating and text, checked before `save`: writing one and changing one. Field errors,
 * the client's and the server's, show under their fields with focus on the first; a refusal is
 * said above the buttons.
 */
export function ReviewForm({ initial, save, busy, labelledBy, label, children }: ReviewFormProps) {
  const { t: tErrors } = useTranslation('errors');
  const lang = useLang();
  const form = useFormErrors(REVIEW_FIELDS);
  const [values, setValues] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const invalid = validateReview(values);
    if (Object.keys(invalid).length > 0 || values.rating === null) {
      form.show(invalid);
      return;
    }
    form.show({});
    try {
      await save({ rating: values.rating, text: values.text.trim() });
    } catch (error) {
      setFailure(reviewErrorText(tErrors, form.refused(error), lang));
    }
  }

  return (
    <form
      className="review-form"
      noValidate
      aria-labelledby={labelledBy}
      aria-label={label}
      onSubmit={(event) => void submit(event)}
    >
      <ReviewFields form={form} values={values} onChange={setValues} />
      <ReviewAlert text={failure} />
      <div className="review-form__actions">{children}</div>
    </form>
  );
}
