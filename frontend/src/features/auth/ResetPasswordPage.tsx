import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useResetPasswordMutation } from '@/features/auth/api';
import { issuesToErrors, serverFieldErrors, TextField, useFormErrors, ApiErrorText } from '@/features/auth/form';
import { makeResetSchema, RESET_FIELDS } from '@/features/auth/schemas';
import { toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useSettings } from '@/lib/settings';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './auth.css';

type ResetField = (typeof RESET_FIELDS)[number];

/** `reset-password/{token}`: a new password twice; then the login. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('reset.pageTitle'));
  const { token = '' } = useParams();
  const lang = useLang();
  const minPassword = useSettings().limits.password.min;
  const [values, setValues] = useState<Record<ResetField, string>>({ newPassword: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const form = useFormErrors(RESET_FIELDS);
  const [reset, { isLoading }] = useResetPasswordMutation();

  const onValue = (field: ResetField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const parsed = makeResetSchema(minPassword).safeParse(values);
    if (!parsed.success) {
      form.show(issuesToErrors(parsed.error.issues, RESET_FIELDS));
      return;
    }
    form.show({});
    try {
      await reset({ token, ...parsed.data }).unwrap();
      setDone(true);
    } catch (error) {
      const apiError = toApiError(error);
      setFailure(apiError);
      form.show(serverFieldErrors(apiError.fields, RESET_FIELDS));
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
        <TextField
          control={form}
          field="newPassword"
          label={t('fields.newPassword')}
          value={values.newPassword}
          onValue={onValue}
          type="password"
          autoComplete="new-password"
          required
          hint={t('form.passwordHint', { min: minPassword })}
        />
        <TextField
          control={form}
          field="confirmPassword"
          label={t('fields.confirmNewPassword')}
          value={values.confirmPassword}
          onValue={onValue}
          type="password"
          autoComplete="new-password"
          required
          mismatchText={t('reset.mismatch')}
        />
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('form.submitting') : t('reset.submit')}
        </button>
      </form>
    </div>
  );
}
