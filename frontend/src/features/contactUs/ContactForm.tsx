import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useSendContactMessageMutation } from '@/features/contactUs/api';
import {
  CONTACT_FIELDS,
  fieldErrorsFromIssues,
  isContactField,
  makeContactSchema,
  type ContactField,
  type ContactUsMessage,
} from '@/features/contactUs/contactSchema';
import { fieldErrorKey, toApiError } from '@/lib/apiError';
import { useSettings } from '@/lib/settings';
import './ContactForm.css';

const EMPTY: ContactUsMessage = { name: '', email: '', subject: '', message: '' };

type FieldErrors = Partial<Record<ContactField, string>>;

/**
 * The contact-us form (spec §4): idle -> submitting (button disabled, "Chargement...") ->
 * success (cleared, toast) or failure (toast; field errors under their inputs on a 400 with
 * `fields`, with focus on the first one; a specific toast on 429).
 */
export function ContactForm() {
  const { t } = useTranslation(['contactUs', 'errors']);
  const dispatch = useAppDispatch();
  const limits = useSettings().limits.contactUs;
  const [values, setValues] = useState<ContactUsMessage>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sendMessage, { isLoading: submitting }] = useSendContactMessageMutation();
  const baseId = useId();

  const maxLength: Record<ContactField, number> = {
    name: limits.nameMax,
    email: limits.emailMax,
    subject: limits.subjectMax,
    message: limits.messageMax,
  };

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = CONTACT_FIELDS.find((field) => next[field] !== undefined);
    if (first) document.getElementById(`${baseId}-${first}`)?.focus();
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    if (!isContactField(name)) return;
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name] !== undefined) {
      setErrors((current) => ({ ...current, [name]: undefined }));
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;

    const parsed = makeContactSchema(limits).safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});

    try {
      await sendMessage(parsed.data).unwrap();
      setValues(EMPTY);
      dispatch(toastShown({ kind: 'success', messageKey: 'contactUs:toast.success' }));
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.fields) {
        const fieldErrors: FieldErrors = {};
        for (const [field, code] of Object.entries(apiError.fields)) {
          if (isContactField(field)) fieldErrors[field] = code;
        }
        showErrors(fieldErrors);
      }
      dispatch(
        toastShown({
          kind: 'error',
          messageKey: apiError.status === 429 ? 'contactUs:toast.tooManyRequests' : 'contactUs:toast.failure',
        }),
      );
    }
  }

  function fieldProps(field: ContactField) {
    const error = errors[field];
    const errorId = `${baseId}-${field}-error`;
    return {
      id: `${baseId}-${field}`,
      name: field,
      value: values[field],
      onChange,
      required: true,
      maxLength: maxLength[field],
      'aria-invalid': error !== undefined ? true : undefined,
      'aria-describedby': error !== undefined ? errorId : undefined,
    };
  }

  function errorText(field: ContactField) {
    const code = errors[field];
    if (code === undefined) return null;
    return (
      <p id={`${baseId}-${field}-error`} className="field__error">
        {t(`errors:${fieldErrorKey(code)}`)}
      </p>
    );
  }

  return (
    <form className="contact-form" onSubmit={(event) => void onSubmit(event)}>
      <p className="contact-form__hint">{t('form.required')}</p>

      <div className="field">
        <label htmlFor={`${baseId}-name`}>{t('form.name')}</label>
        <input type="text" autoComplete="name" {...fieldProps('name')} />
        {errorText('name')}
      </div>

      <div className="field">
        <label htmlFor={`${baseId}-email`}>{t('form.email')}</label>
        <input type="email" autoComplete="email" inputMode="email" {...fieldProps('email')} />
        {errorText('email')}
      </div>

      <div className="field">
        <label htmlFor={`${baseId}-subject`}>{t('form.subject')}</label>
        <input type="text" {...fieldProps('subject')} />
        {errorText('subject')}
      </div>

      <div className="field">
        <label htmlFor={`${baseId}-message`}>{t('form.message')}</label>
        <textarea rows={7} {...fieldProps('message')} />
        {errorText('message')}
      </div>

      <button type="submit" className="button" disabled={submitting}>
        {submitting ? t('form.submitting') : t('form.submit')}
      </button>
    </form>
  );
}
