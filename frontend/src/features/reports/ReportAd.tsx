import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiErrorText } from '@/components/form/ApiErrorAlert';
import { CheckboxField, FieldError, TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { REPORT_REASONS } from '@/contract/enums.gen';
import { useSendReportMutation } from '@/features/reports/api';
import { REPORT_FIELDS, REPORT_LIMITS, reportSchema, type ReportValues } from '@/features/reports/reportSchema';
import type { ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './reports.css';

interface ReportAdProps {
  productId: string;
  /** The signed-in user's e-mail address, to prefill the form. */
  email?: string;
}

/** The refusal's text: the report-specific ones for a repeated report and rate limiting. */
function FailureText({ error }: { error: ApiError }) {
  const { t } = useTranslation('reports');
  if (error.status === 409) return <>{t('form.alreadyReported')}</>;
  if (error.status === 429) return <>{t('form.tooManyRequests')}</>;
  if (error.code === 'product_not_found') return <>{t('form.productGone')}</>;
  return <ApiErrorText error={error} />;
}

/**
 * "Report this ad" on product/{id} (spec §2, §5): a button that opens the form in place. The
 * visitor gives a reason (errors in the ad, or suspicious ad), optional details, their e-mail
 * address (prefilled when signed in) and must consent to the processing of their personal data.
 * One open report per reporter and ad: the server refuses a second one (409).
 */
export function ReportAd({ productId, email = '' }: ReportAdProps) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const baseId = useId();
  const form = useFormErrors(REPORT_FIELDS);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [values, setValues] = useState<Omit<ReportValues, 'email'>>({ reason: '', details: '', consent: false });
  // Until the visitor types, the field shows the signed-in user's address (which may arrive later).
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const emailValue = typedEmail ?? email;
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

  function close() {
    setOpen(false);
    form.show({});
    setFailure(null);
    focusToggle.current = true;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const data = form.validate(reportSchema.safeParse({ ...values, email: emailValue }));
    if (data === null) return;
    const { reason, details, email: address } = data;
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
      setFailure(form.refused(error));
    }
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
            <fieldset className="field choice-group" aria-describedby={form.describedBy('reason')}>
              <legend>{t('form.reason')}</legend>
              {REPORT_REASONS.map((reason, index) => (
                <label key={reason} className="choice report-ad__choice">
                  <input
                    id={index === 0 ? form.idOf('reason') : undefined}
                    type="radio"
                    name="reason"
                    value={reason}
                    checked={values.reason === reason}
                    required
                    onChange={() => {
                      setValues((current) => ({ ...current, reason }));
                      form.clear('reason');
                    }}
                  />
                  {t(`reasons.${reason}`)}
                </label>
              ))}
              <FieldError form={form} field="reason" />
            </fieldset>

            <TextField
              form={form}
              field="details"
              label={t('form.details')}
              hint={t('form.detailsHint', { max: REPORT_LIMITS.details })}
              rows={4}
              maxLength={REPORT_LIMITS.details}
              value={values.details}
              onValue={(_, details) => {
                setValues((current) => ({ ...current, details }));
              }}
            />

            <TextField
              form={form}
              field="email"
              label={t('form.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={REPORT_LIMITS.email}
              value={emailValue}
              onValue={(_, email) => {
                setTypedEmail(email);
              }}
            />

            <CheckboxField
              form={form}
              field="consent"
              label={t('form.consent')}
              labelClassName="choice report-ad__consent"
              required
              checked={values.consent}
              onChecked={(consent) => {
                setValues((current) => ({ ...current, consent }));
              }}
              hint={
                <>
                  {t('form.consentHint')} <Link to={paths.privacy(lang)}>{t('form.privacyLink')}</Link>
                </>
              }
            />

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
