import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { Stars } from '@/components/Stars/Stars';
import { toastShown } from '@/components/Toasts/toastSlice';
import type { Review } from '@/contract/schema.gen';
import { useReplyToReviewMutation, useReportReviewMutation, useUpdateReviewMutation } from '@/features/reviews/api';
import { reviewErrorText } from '@/features/reviews/format';
import { REVIEW_LIMITS, ReviewAlert, ReviewForm } from '@/features/reviews/ReviewFields';
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
  const [update, { isLoading }] = useUpdateReviewMutation();
  return (
    <ReviewForm
      initial={{ rating: review.rating, text: review.text }}
      save={async (changed) => {
        await update({ id: review.id, sellerId: review.sellerId, ...changed }).unwrap();
        onDone();
      }}
      busy={isLoading}
      label={t('edit.formLabel')}
    >
      <button type="submit" className="button" disabled={isLoading}>
        {t('edit.save')}
      </button>
      <button type="button" className="button button--secondary" onClick={onDone}>
        {t('edit.cancel')}
      </button>
    </ReviewForm>
  );
}

/** The reviewed seller's one public answer to a review. */
function ReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const { t: tErrors } = useTranslation('errors');
  const lang = useLang();
  const form = useFormErrors(['text']);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [reply, { isLoading }] = useReplyToReviewMutation();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    if (text.trim() === '') {
      form.show({ text: 'required' });
      return;
    }
    form.show({});
    try {
      await reply({ id: review.id, sellerId: review.sellerId, text: text.trim() }).unwrap();
    } catch (caught) {
      setFailure(reviewErrorText(tErrors, form.refused(caught), lang));
    }
  }

  return (
    <form className="review-form review-form--reply" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        form={form}
        field="text"
        label={t('reply.label', { author: review.authorName })}
        rows={3}
        maxLength={REVIEW_LIMITS.replyMax}
        value={text}
        onValue={(_, value) => {
          setText(value);
        }}
      />
      <ReviewAlert text={failure} />
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
  const form = useFormErrors(['reason']);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [report, { isLoading }] = useReportReviewMutation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    setReason('');
    form.show({});
    setFailure(null);
    buttonRef.current?.focus();
  }

  async function confirm() {
    if (isLoading) return;
    setFailure(null);
    const trimmed = reason.trim();
    if (trimmed === '') {
      form.show({ reason: 'required' });
      return;
    }
    try {
      await report({ id: review.id, reason: trimmed }).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.review_reported' }));
      close();
    } catch (caught) {
      setFailure(reviewErrorText(tErrors, form.refused(caught), lang));
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
          <TextField
            form={form}
            field="reason"
            label={t('report.reason')}
            rows={3}
            maxLength={REVIEW_LIMITS.reportMax}
            value={reason}
            onValue={(_, value) => {
              setReason(value);
            }}
          />
          <ReviewAlert text={failure} />
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
