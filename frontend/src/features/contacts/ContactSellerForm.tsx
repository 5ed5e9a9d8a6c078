import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useSendContactRequestMutation } from '@/features/contacts/api';
import {
  CONTACT_REQUEST_FIELDS,
  CONTACT_REQUEST_LIMITS,
  contactRequestSchema,
  fieldErrorsFromIssues,
  isContactRequestField,
  type ContactRequestField,
  type ContactRequestValues,
} from '@/features/contacts/contactSchema';
import { fieldErrorKey, messageOptions, toApiError, type ApiError } from '@/lib/apiError';
import './contacts.css';

type FieldErrors = Partial<Record<ContactRequestField, string>>;

export interface ContactSellerFormProps {
  adId: string;
  /** Only active ads can be contacted; other ads show a note instead of the form. */
  adActive: boolean;
  /** The signed-in user's own ad: no form, a note instead. */
  ownAd: boolean;
  /** The signed-in buyer's name and e-mail, to prefill the form. */
  defaults?: { name: string; email: string };
}

/**
 * "Contact the seller" on an ad's page: name, e-mail (prefilled when signed in), optional phone
 * and message, sent to `POST /contact-request`. The seller's address is never shown: the server
 * e-mails the seller, who replies to the buyer. Idle -> submitting -> sent (message cleared, a
 * status line and a toast) or refused (field errors under their inputs, or the coded reason).
 */
export function ContactSellerForm({ adId, adActive, ownAd, defaults }: ContactSellerFormProps) {
  const { t } = useTranslation(['contacts', 'errors']);
  const dispatch = useAppDispatch();
  const baseId = useId();
  const [values, setValues] = useState<ContactRequestValues>({
    name: defaults?.name ?? '',
    email: defaults?.email ?? '',
    phone: '',
    message: '',
  });
  const [touched, setTouched] = useState<Partial<Record<ContactRequestField, boolean>>>({});
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [sent, setSent] = useState(false);
  const [send, { isLoading: submitting }] = useSendContactRequestMutation();

  // The prefill arrives after the first render when the session is restored: use it until the
  // buyer types in the field.
  const shown: ContactRequestValues = {
    ...values,
    name: touched.name === true ? values.name : values.name || (defaults?.name ?? ''),
    email: touched.email === true ? values.email : values.email || (defaults?.email ?? ''),
  };

  const titleId = `${baseId}-title`;
  if (ownAd || !adActive) {
    return (
      <section className="contact-panel" aria-labelledby={titleId}>
        <h2 id={titleId} className="contact-panel__title">
          {t('form.title')}
        </h2>
        <p className="contact-panel__note">{ownAd ? t('form.ownAd') : t('form.inactive')}</p>
      </section>
    );
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = CONTACT_REQUEST_FIELDS.find((field) => next[field] !== undefined);
    if (first) document.getElementById(`${baseId}-${first}`)?.focus();
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    if (!isContactRequestField(name)) return;
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
    setSent(false);
    if (errors[name] !== undefined) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    setSent(false);
    const parsed = contactRequestSchema.safeParse(shown);
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    const { phone, ...rest } = parsed.data;
    try {
      await send({ adId, ...rest, ...(phone !== '' && { phone }), ...(website !== '' && { website }) }).unwrap();
      setValues({ ...shown, message: '' });
      setSent(true);
      dispatch(toastShown({ kind: 'success', messageKey: 'contacts:form.sent' }));
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.fields) {
        const fieldErrors: FieldErrors = {};
        for (const [field, code] of Object.entries(apiError.fields)) {
          if (isContactRequestField(field)) fieldErrors[field] = code;
        }
        showErrors(fieldErrors);
      }
      setFailure(apiError);
    }
  }

  function fieldProps(field: ContactRequestField) {
    const error = errors[field];
    const errorId = `${baseId}-${field}-error`;
    return {
      id: `${baseId}-${field}`,
      name: field,
      value: shown[field],
      onChange,
      maxLength: CONTACT_REQUEST_LIMITS[field],
      'aria-invalid': error !== undefined ? true : undefined,
      'aria-describedby': error !== undefined ? errorId : undefined,
    };
  }

  function errorText(field: ContactRequestField) {
    const code = errors[field];
    if (code === undefined) return null;
    return (
      <p id={`${baseId}-${field}-error`} className="field__error">
        {t(`errors:${fieldErrorKey(code)}`)}
      </p>
    );
  }

  return (
    <section className="contact-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="contact-panel__title">
        {t('form.title')}
      </h2>
      <p className="contact-panel__note">{t('form.privacy')}</p>
      <form className="contact-seller-form" aria-labelledby={titleId} noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="field">
          <label htmlFor={`${baseId}-name`}>{t('form.name')}</label>
          <input type="text" autoComplete="name" required {...fieldProps('name')} />
          {errorText('name')}
        </div>
        <div className="field">
          <label htmlFor={`${baseId}-email`}>{t('form.email')}</label>
          <input type="email" autoComplete="email" inputMode="email" required {...fieldProps('email')} />
          {errorText('email')}
        </div>
        <div className="field">
          <label htmlFor={`${baseId}-phone`}>{t('form.phone')}</label>
          <input type="tel" autoComplete="tel" {...fieldProps('phone')} />
          {errorText('phone')}
        </div>
        <div className="field">
          <label htmlFor={`${baseId}-message`}>{t('form.message')}</label>
          <textarea rows={5} required {...fieldProps('message')} />
          {errorText('message')}
        </div>
        {/* A trap for robots: hidden from people and assistive technology, never focusable. */}
        <div className="contact-seller-form__trap" aria-hidden="true">
          <label htmlFor={`${baseId}-website`}>{t('form.trap')}</label>
          <input
            id={`${baseId}-website`}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => {
              setWebsite(event.target.value);
            }}
          />
        </div>
        {failure !== null && failure.fields === undefined && (
          <div className="contact-panel__alert" role="alert">
            <p>
              {t(
                `errors:${failure.messageKey}`,
                messageOptions((key) => t(`errors:${key}`), failure),
              )}
            </p>
          </div>
        )}
        <div className="contact-seller-form__footer">
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? t('form.submitting') : t('form.submit')}
          </button>
          {/* Always present, so that screen readers announce the confirmation when it appears. */}
          <div aria-live="polite">{sent && <p className="contact-panel__success">{t('form.sent')}</p>}</div>
        </div>
      </form>
    </section>
  );
}
