import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { Stars } from '@/components/Stars/Stars';
import { toastShown } from '@/components/Toasts/toastSlice';
import type { Review } from '@/contract/schema.gen';
import { useReplyToReviewMutation, useReportReviewMutation, useUpdateReviewMutation } from '@/features/reviews/api';
import { reviewErrorText } from '@/features/reviews/format';
import {
  REVIEW_LIMITS,
  ReviewFields,
  reviewFieldErrors,
  reviewFieldId,
  validateReview,
  type ReviewFieldErrors,
  type ReviewValues,
} from '@/features/reviews/ReviewFields';
import { fieldErrorKey, toApiError } from '@/lib/apiError';
import { formatDate } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/** Who looks at a review: the signed-in user's id (null for a visitor) and the reviewed seller. */
export interface ReviewViewer {
  userId: string | null | undefined;
  sellerId: string;
}

/** The author's change of their review, in place (rating and text). */
function EditReview({ review, onDone }: { review: Review; onDone: () => void }) {
  const { t } = useTranslation('reviews');
  const { t: tErrors } = useTranslation('errors');
  const lang = useLang();
  const baseId = useId();
  const [values, setValues] = useState<ReviewValues>({ rating: review.rating, text: review.text });
  const [errors, setErrors] = useState<ReviewFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateReviewMutation();

  function showErrors(next: ReviewFieldErrors) {
    setErrors(next);
    const first = (['rating', 'text'] as const).find((field) => next[field] !== undefined);
    if (first) document.getElementById(reviewFieldId(baseId, first))?.focus();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const invalid = validateReview(values);
    if (Object.keys(invalid).length > 0 || values.rating === null) {
      showErrors(invalid);
      return;
    }
    try {
      await update({
        id: review.id,
        sellerId: review.sellerId,
        rating: values.rating,
        text: values.text.trim(),
      }).unwrap();
      onDone();
    } catch (error) {
      const apiError = toApiError(error);
      setFailure(reviewErrorText(tErrors, apiError, lang));
      showErrors(reviewFieldErrors(apiError.fields));
    }
  }

  return (
    <form className="review-form" noValidate aria-label={t('edit.formLabel')} onSubmit={(event) => void submit(event)}>
      <ReviewFields baseId={baseId} values={values} errors={errors} onChange={setValues} />
      {failure !== null && (
        <p className="review-alert" role="alert">
          {failure}
        </p>
      )}
      <div className="review-form__actions">
        <button type="submit" className="button" disabled={isLoading}>
          {t('edit.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('edit.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The reviewed seller's one public answer to a review. */
function ReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const { t: tErrors } = useTranslation('errors');
  const lang = useLang();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reply, { isLoading }] = useReplyToReviewMutation();
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    if (text.trim() === '') {
      setError('required');
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await reply({ id: review.id, sellerId: review.sellerId, text: text.trim() }).unwrap();
    } catch (caught) {
      const apiError = toApiError(caught);
      setFailure(reviewErrorText(tErrors, apiError, lang));
      if (apiError.fields?.text !== undefined) setError(apiError.fields.text);
    }
  }

  return (
    <form className="review-form review-form--reply" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${id}-reply`}>{t('reply.label', { author: review.authorName })}</label>
        <textarea
          ref={fieldRef}
          id={`${id}-reply`}
          rows={3}
          maxLength={REVIEW_LIMITS.replyMax}
          value={text}
          aria-invalid={error === null ? undefined : true}
          aria-describedby={error === null ? undefined : `${id}-reply-error`}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        {error !== null && (
          <p id={`${id}-reply-error`} className="field__error">
            {tErrors(fieldErrorKey(error))}
          </p>
        )}
      </div>
      {failure !== null && (
        <p className="review-alert" role="alert">
          {failure}
        </p>
      )}
      <div className="review-form__actions">
        <button type="submit" className="button" disabled={isLoading}>
          {t('reply.submit')}
        </button>
      </div>
    </form>
  );
}

/** "Report": a small dialog asking why; the back office decides. */
function ReportReview({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const { t: tErrors } = useTranslation('errors');
  const lang = useLang();
  const dispatch = useAppDispatch();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [report, { isLoading }] = useReportReviewMutation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    setReason('');
    setError(null);
    setFailure(null);
    buttonRef.current?.focus();
  }

  async function confirm() {
    if (isLoading) return;
    setFailure(null);
    const trimmed = reason.trim();
    if (trimmed === '') {
      setError('required');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    try {
      await report({ id: review.id, reason: trimmed }).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.review_reported' }));
      close();
    } catch (caught) {
      const apiError = toApiError(caught);
      setFailure(reviewErrorText(tErrors, apiError, lang));
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="review__action"
        aria-label={t('report.buttonLabel', { author: review.authorName })}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('report.button')}
      </button>
      {open && (
        <ConfirmDialog
          role="dialog"
          title={t('report.title')}
          text={t('report.text')}
          confirmLabel={t('report.submit')}
          busy={isLoading}
          onConfirm={() => void confirm()}
          onCancel={close}
        >
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('report.reason')}</label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={REVIEW_LIMITS.reportMax}
              value={reason}
              aria-invalid={error === null ? undefined : true}
              aria-describedby={error === null ? undefined : `${id}-reason-error`}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
            {error !== null && (
              <p id={`${id}-reason-error`} className="field__error">
                {tErrors(fieldErrorKey(error))}
              </p>
            )}
          </div>
          {failure !== null && (
            <p className="review-alert" role="alert">
              {failure}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * One review: its stars (with the rating in words), the author and date, the ad it is about, the
 * text, and the seller's reply below. Depending on who looks: the author may edit it for 48 hours,
 * the reviewed seller may answer it once, and any other signed-in user may report it.
 */
export function ReviewItem({ review, viewer }: { review: Review; viewer: ReviewViewer | null }) {
  const { t } = useTranslation('reviews');
  const lang = useLang();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const userId = viewer?.userId;
  const signedIn = typeof userId === 'string';
  const isSeller = signedIn && userId === viewer?.sellerId;
  // The time the review was shown: the Edit button does not vanish while the author reads.
  const [shownAt] = useState(() => Date.now());
  const editable = review.mine && new Date(review.editableUntil).getTime() > shownAt;

  return (
    <article className="review" aria-labelledby={headingId}>
      <header className="review__header">
        <h3 id={headingId} className="review__author">
          {review.authorName}
        </h3>
        <p className="review__rating">
          <Stars value={review.rating} />
          <span className="visually-hidden">{t('review.rated', { rating: review.rating })}</span>
        </p>
        <p className="review__meta">
          <time dateTime={review.createdAt}>{formatDate(review.createdAt, lang)}</time>
          <span>
            {t('review.about')} <Link to={paths.product(lang, review.adId)}>{review.adTitle}</Link>
          </span>
        </p>
      </header>

      {editing ? (
        <EditReview
          review={review}
          onDone={() => {
            setEditing(false);
          }}
        />
      ) : (
        <p className="review__text">{review.text}</p>
      )}

      {review.reply && (
        <div className="review__reply">
          <p className="review__reply-title">{t('review.replyTitle')}</p>
          <p className="review__text">{review.reply.text}</p>
        </div>
      )}

      {!editing && (editable || (signedIn && !review.mine)) && (
        <div className="review__actions">
          {editable && (
            <button
              type="button"
              className="review__action"
              onClick={() => {
                setEditing(true);
              }}
            >
              {t('edit.button')}
            </button>
          )}
          {signedIn && !review.mine && <ReportReview review={review} />}
        </div>
      )}

      {isSeller && !review.reply && <ReplyForm review={review} />}
    </article>
  );
}
