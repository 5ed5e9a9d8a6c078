import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiErrorText } from '@/components/form/ApiErrorAlert';
import { AccountField, useAccountForm } from '@/features/auth/AccountFields';
import { useResetPasswordMutation } from '@/features/auth/api';
import { makeResetSchema, RESET_FIELDS } from '@/features/auth/schemas';
import { paths } from '@/lib/paths';
import { useSettings } from '@/lib/settings';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './auth.css';

const NO_PASSWORDS = { newPassword: '', confirmPassword: '' };

/** `reset-password/{token}`: a new password twice; then the login. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('reset.pageTitle'));
  const { token = '' } = useParams();
  const lang = useLang();
  const minPassword = useSettings().limits.password.min;
  const { form, values, failure, setFailure, account } = useAccountForm(RESET_FIELDS, NO_PASSWORDS);
  const [done, setDone] = useState(false);
  const [reset, { isLoading }] = useResetPasswordMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const data = form.validate(makeResetSchema(minPassword).safeParse(values));
    if (data === null) return;
    try {
      await reset({ token, ...data }).unwrap();
      setDone(true);
    } catch (error) {
      setFailure(form.refused(error));
    }
  }

  if (done) {
    return (
      <div className="container page page--narrow">
        <h1>{t('reset.title')}</h1>
        <div role="status" className="auth-result">
          <p className="page__lead">{t('errors:success.password_reset')}</p>
          <Link className="button" to={paths.login(lang)}>
            {t('verify.login')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container page page--narrow">
      <h1>{t('reset.title')}</h1>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {failure && (
          <div className="auth-form__alert" role="alert">
            <p>{failure.code === 'invalid_token' ? t('reset.invalidToken') : <ApiErrorText error={failure} />}</p>
            {failure.code === 'invalid_token' && <Link to={paths.forgotPassword(lang)}>{t('reset.requestNew')}</Link>}
          </div>
        )}
        <AccountField {...account} field="newPassword" />
        <AccountField
          {...account}
          field="confirmPassword"
          label={t('fields.confirmNewPassword')}
          mismatchText={t('reset.mismatch')}
        />
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('form.submitting') : t('reset.submit')}
        </button>
      </form>
    </div>
  );
}
