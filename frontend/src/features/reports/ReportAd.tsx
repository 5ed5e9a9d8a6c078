import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_REASONS } from '@/contract/enums.gen';
import { useSendReportMutation } from '@/features/reports/api';
import {
  fieldErrorsFromIssues,
  isReportField,
  REPORT_FIELDS,
  REPORT_LIMITS,
  reportSchema,
  type ReportField,
  type ReportValues,
} from '@/features/reports/reportSchema';
import { fieldErrorKey, messageOptions, toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './reports.css';

type FieldErrors = Partial<Record<ReportField, string>>;

interface ReportAdProps {
  productId: string;
  /** The signed-in user's e-mail address, to prefill the form. */
  email?: string;
}

/** The refusal's text: the report-specific ones for a repeated report and rate limiting. */
function FailureText({ error }: { error: ApiError }) {
  const { t } = useTranslation(['reports', 'errors']);
  if (error.status === 409) return <>{t('form.alreadyReported')}</>;
  if (error.status === 429) return <>{t('form.tooManyRequests')}</>;
  if (error.code === 'product_not_found') return <>{t('form.productGone')}</>;
  return (
    <>
      {t(
        `errors:${error.messageKey}`,
        messageOptions((key) => t(`errors:${key}`), error),
      )}
    </>
  );
}

/**
 * "Report this ad" on product/{id} (spec §2, §5): a button that opens the form in place. The
 * visitor gives a reason (errors in the ad, or suspicious ad), optional details, their e-mail
 * address (prefilled when signed in) and must consent to the processing of their personal data.
 * One open report per reporter and ad: the server refuses a second one (409).
 */
export function ReportAd({ productId, email = '' }: ReportAdProps) {
  const { t } = useTranslation(['reports', 'errors']);
  const lang = useLang();
  const baseId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [values, setValues] = useState<Omit<ReportValues, 'email'>>({ reason: '', details: '', consent: false });
  // Until the visitor types, the field shows the signed-in user's address (which may arrive later).
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const emailValue = typedEmail ?? email;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [sendReport, { isLoading: submitting }] = useSendReportMutation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  // Opening moves focus to the form's title; closing gives it back to the button.
  const focusToggle = useRef(false);
  useEffect(() => {
    if (open && !sent) titleRef.current?.focus();
    if (!open && focusToggle.current) {
      focusToggle.current = false;
      toggleRef.current?.focus();
    }
  }, [open, sent]);

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  function fieldId(field: ReportField): string {
    return field === 'reason' ? `${baseId}-reason-${REPORT_REASONS[0]}` : `${baseId}-${field}`;
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = REPORT_FIELDS.find((field) => next[field] !== undefined);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    if (!isReportField(name)) return;
    if (name === 'email') setTypedEmail(value);
    else if (name === 'consent') {
      const checked = event.target instanceof HTMLInputElement && event.target.checked;
      setValues((current) => ({ ...current, consent: checked }));
    } else setValues((current) => ({ ...current, [name]: value }));
    if (errors[name] !== undefined) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function close() {
    setOpen(false);
    setErrors({});
    setFailure(null);
    focusToggle.current = true;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const parsed = reportSchema.safeParse({ ...values, email: emailValue });
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    const { reason, details, email: address } = parsed.data;
    try {
      await sendReport({
        productId,
        reason,
        ...(details !== '' && { details }),
        email: address,
        consent: true,
        language: lang,
      }).unwrap();
      setSent(true);
    } catch (error) {
      const apiError = toApiError(error);
      const fieldErrors: FieldErrors = {};
      for (const [field, code] of Object.entries(apiError.fields ?? {})) {
        if (isReportField(field)) fieldErrors[field] = code;
      }
      setFailure(apiError);
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
    }
  }

  function describedBy(field: ReportField, ...others: string[]): string | undefined {
    const ids = [...others, ...(errors[field] !== undefined ? [`${baseId}-${field}-error`] : [])];
    return ids.length > 0 ? ids.join(' ') : undefined;
  }

  function errorText(field: ReportField) {
    const code = errors[field];
    if (code === undefined) return null;
    return (
      <p id={`${baseId}-${field}-error`} className="field__error">
        {t(`errors:${fieldErrorKey(code)}`)}
      </p>
    );
  }

  if (sent) {
    return (
      <section className="report-ad" aria-labelledby={`${baseId}-title`}>
        <h2 id={`${baseId}-title`} className="report-ad__title">
          {t('form.title')}
        </h2>
        <p ref={doneRef} className="report-ad__done" role="status" tabIndex={-1}>
          {t('form.success')}
        </p>
      </section>
    );
  }

  return (
    <section className="report-ad" aria-labelledby={open ? `${baseId}-title` : undefined}>
      {!open && (
        <button
          ref={toggleRef}
          type="button"
          className="button report-ad__toggle"
          onClick={() => {
            setOpen(true);
          }}
        >
          {t('form.open')}
        </button>
      )}
      {open && (
        <>
          <h2 id={`${baseId}-title`} ref={titleRef} className="report-ad__title" tabIndex={-1}>
            {t('form.title')}
          </h2>
          <form
            className="report-ad__form"
            aria-labelledby={`${baseId}-title`}
            noValidate
            onSubmit={(event) => void onSubmit(event)}
          >
            <fieldset className="field choice-group" aria-describedby={describedBy('reason')}>
              <legend>{t('form.reason')}</legend>
              {REPORT_REASONS.map((reason) => (
                <label key={reason} className="choice report-ad__choice">
                  <input
                    id={`${baseId}-reason-${reason}`}
                    type="radio"
                    name="reason"
                    value={reason}
                    checked={values.reason === reason}
                    required
                    onChange={onChange}
                  />
                  {t(`reasons.${reason}`)}
                </label>
              ))}
              {errorText('reason')}
            </fieldset>

            <div className="field">
              <label htmlFor={`${baseId}-details`}>{t('form.details')}</label>
              <textarea
                id={`${baseId}-details`}
                name="details"
                rows={4}
                maxLength={REPORT_LIMITS.details}
                value={values.details}
                onChange={onChange}
                aria-invalid={errors.details !== undefined ? true : undefined}
                aria-describedby={describedBy('details', `${baseId}-details-hint`)}
              />
              <p id={`${baseId}-details-hint`} className="report-ad__hint">
                {t('form.detailsHint', { max: REPORT_LIMITS.details })}
              </p>
              {errorText('details')}
            </div>

            <div className="field">
              <label htmlFor={`${baseId}-email`}>{t('form.email')}</label>
              <input
                id={`${baseId}-email`}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={REPORT_LIMITS.email}
                value={emailValue}
                onChange={onChange}
                aria-invalid={errors.email !== undefined ? true : undefined}
                aria-describedby={describedBy('email')}
              />
              {errorText('email')}
            </div>

            <div className="field">
              <label className="choice report-ad__consent">
                <input
                  id={`${baseId}-consent`}
                  name="consent"
                  type="checkbox"
                  required
                  checked={values.consent}
                  onChange={onChange}
                  aria-invalid={errors.consent !== undefined ? true : undefined}
                  aria-describedby={describedBy('consent', `${baseId}-consent-hint`)}
                />
                {t('form.consent')}
              </label>
              <p id={`${baseId}-consent-hint`} className="report-ad__hint">
                {t('form.consentHint')} <Link to={paths.privacy(lang)}>{t('form.privacyLink')}</Link>
              </p>
              {errorText('consent')}
            </div>

            {failure !== null && (
              <p className="report-ad__failure" role="alert">
                <FailureText error={failure} />
              </p>
            )}

            <div className="report-ad__actions">
              <button type="submit" className="button" disabled={submitting}>
                {submitting ? t('form.submitting') : t('form.submit')}
              </button>
              <button type="button" className="button report-ad__cancel" onClick={close}>
                {t('form.cancel')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
