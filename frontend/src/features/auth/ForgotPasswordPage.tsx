import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { useFormErrors } from '@/components/form/formErrors';
import { AccountField } from '@/features/auth/AccountFields';
import { useForgotPasswordMutation } from '@/features/auth/api';
import { EMAIL_FIELDS, emailSchema } from '@/features/auth/schemas';
import type { ApiError } from '@/lib/apiError';
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
    const data = form.validate(emailSchema.safeParse({ email }));
    if (data === null) return;
    try {
      await request({ email: data.email, language: lang }).unwrap();
      setSent(true);
    } catch (error) {
      setFailure(form.refused(error));
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
            {failure && <ApiErrorAlert className="auth-form__alert" error={failure} />}
            <AccountField
              form={form}
              values={{ email }}
              onValue={(_, value) => {
                setEmail(value);
              }}
              field="email"
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
