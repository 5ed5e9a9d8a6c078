import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useSendContactMessageMutation } from '@/features/contactUs/api';
import {
  CONTACT_FIELDS,
  makeContactSchema,
  type ContactField,
  type ContactUsMessage,
} from '@/features/contactUs/contactSchema';
import { useSettings } from '@/lib/settings';
import './ContactForm.css';

const EMPTY: ContactUsMessage = { name: '', email: '', subject: '', message: '' };

/**
 * The contact-us form (spec §4): idle -> submitting (button disabled, "Chargement...") ->
 * success (cleared, toast) or failure (toast; field errors under their inputs on a 400 with
 * `fields`, with focus on the first one; a specific toast on 429).
 */
export function ContactForm() {
  const { t } = useTranslation('contactUs');
  const dispatch = useAppDispatch();
  const limits = useSettings().limits.contactUs;
  const [values, setValues] = useState<ContactUsMessage>(EMPTY);
  const form = useFormErrors(CONTACT_FIELDS);
  const [sendMessage, { isLoading: submitting }] = useSendContactMessageMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const data = form.validate(makeContactSchema(limits).safeParse(values));
    if (data === null) return;
    try {
      await sendMessage(data).unwrap();
      setValues(EMPTY);
      dispatch(toastShown({ kind: 'success', messageKey: 'contactUs:toast.success' }));
    } catch (error) {
      const apiError = form.refused(error);
      dispatch(
        toastShown({
          kind: 'error',
          messageKey: apiError.status === 429 ? 'contactUs:toast.tooManyRequests' : 'contactUs:toast.failure',
        }),
      );
    }
  }

  /** What every field of the form shares. */
  const field = (name: ContactField) => ({
    form,
    field: name,
    label: t(`form.${name}`),
    value: values[name],
    onValue: (changed: ContactField, value: string) => {
      setValues((current) => ({ ...current, [changed]: value }));
    },
    required: true,
  });

  return (
    <form className="contact-form" onSubmit={(event) => void onSubmit(event)}>
      <p className="contact-form__hint">{t('form.required')}</p>
      <TextField {...field('name')} autoComplete="name" maxLength={limits.nameMax} />
      <TextField {...field('email')} type="email" autoComplete="email" inputMode="email" maxLength={limits.emailMax} />
      <TextField {...field('subject')} maxLength={limits.subjectMax} />
      <TextField {...field('message')} rows={7} maxLength={limits.messageMax} />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? t('form.submitting') : t('form.submit')}
      </button>
    </form>
  );
}
