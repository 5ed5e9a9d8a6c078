import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useSendContactRequestMutation } from '@/features/contacts/api';
import {
  CONTACT_REQUEST_FIELDS,
  CONTACT_REQUEST_LIMITS,
  contactRequestSchema,
  type ContactRequestField,
  type ContactRequestValues,
} from '@/features/contacts/contactSchema';
import type { ApiError } from '@/lib/apiError';
import './contacts.css';

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
  const { t } = useTranslation('contacts');
  const dispatch = useAppDispatch();
  const baseId = useId();
  const form = useFormErrors(CONTACT_REQUEST_FIELDS);
  const [values, setValues] = useState<ContactRequestValues>({
    name: defaults?.name ?? '',
    email: defaults?.email ?? '',
    phone: '',
    message: '',
  });
  const [touched, setTouched] = useState<Partial<Record<ContactRequestField, boolean>>>({});
  const [website, setWebsite] = useState('');
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

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    setSent(false);
    const data = form.validate(contactRequestSchema.safeParse(shown));
    if (data === null) return;
    const { phone, ...rest } = data;
    try {
      await send({ adId, ...rest, ...(phone !== '' && { phone }), ...(website !== '' && { website }) }).unwrap();
      setValues({ ...shown, message: '' });
      setSent(true);
      dispatch(toastShown({ kind: 'success', messageKey: 'contacts:form.sent' }));
    } catch (error) {
      setFailure(form.refused(error));
    }
  }

  /** What every field of the form shares. */
  const field = (name: ContactRequestField) => ({
    form,
    field: name,
    label: t(`form.${name}`),
    value: shown[name],
    onValue: (changed: ContactRequestField, value: string) => {
      setValues((current) => ({ ...current, [changed]: value }));
      setTouched((current) => ({ ...current, [changed]: true }));
      setSent(false);
    },
    maxLength: CONTACT_REQUEST_LIMITS[name],
  });

  return (
    <section className="contact-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="contact-panel__title">
        {t('form.title')}
      </h2>
      <p className="contact-panel__note">{t('form.privacy')}</p>
      <form className="contact-seller-form" aria-labelledby={titleId} noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField {...field('name')} autoComplete="name" required />
        <TextField {...field('email')} type="email" autoComplete="email" inputMode="email" required />
        <TextField {...field('phone')} type="tel" autoComplete="tel" />
        <TextField {...field('message')} rows={5} required />
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
          <ApiErrorAlert className="contact-panel__alert" error={failure} />
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
