import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgotPasswordMutation } from '@/features/auth/api';
import { issuesToErrors, serverFieldErrors, TextField, useFormErrors, ApiErrorText } from '@/features/auth/form';
import { EMAIL_FIELDS, emailSchema } from '@/features/auth/schemas';
import { toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './auth.css';

/** Forgot password: always the same answer, whether or not an account uses the address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('forgot.pageTitle'));
  const lang = useLang();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const form = useFormErrors(EMAIL_FIELDS);
  const [request, { isLoading }] = useForgotPasswordMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = emailSchema.safeParse({ email });
    if (!parsed.success) {
      form.show(issuesToErrors(parsed.error.issues, EMAIL_FIELDS));
      return;
    }
    form.show({});
    try {
      await request({ email: parsed.data.email, language: lang }).unwrap();
      setSent(true);
    } catch (error) {
      const apiError = toApiError(error);
      setFailure(apiError);
      form.show(serverFieldErrors(apiError.fields, EMAIL_FIELDS));
    }
  }

  return (
    <div className="container page page--narrow">
      <h1>{t('forgot.title')}</h1>
      {sent ? (
        <div role="status" className="auth-result">
          <p className="page__lead">{t('forgot.sent')}</p>
          <Link to={paths.login(lang)}>{t('forgot.backToLogin')}</Link>
        </div>
      ) : (
        <>
          <p className="page__lead">{t('forgot.lead')}</p>
          <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
            {failure && (
              <p className="auth-form__alert" role="alert">
                <ApiErrorText error={failure} />
              </p>
            )}
            <TextField
              control={form}
              field="email"
              label={t('fields.email')}
              value={email}
              onValue={(_, value) => {
                setEmail(value);
              }}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
            <button type="submit" className="button" disabled={isLoading}>
              {isLoading ? t('form.submitting') : t('forgot.submit')}
            </button>
            <p className="auth-form__links">
              <Link to={paths.login(lang)}>{t('forgot.backToLogin')}</Link>
            </p>
          </form>
        </>
      )}
    </div>
  );
}
