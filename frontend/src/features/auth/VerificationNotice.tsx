import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import { useResendVerificationMutation } from '@/features/auth/api';
import { useLang } from '@/lib/useLang';

/** Sends the verification e-mail again; toasts the outcome (rate limited: 429). */
export function ResendVerificationButton({ email, className = 'button' }: { email: string; className?: string }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const lang = useLang();
  const [resend, { isLoading }] = useResendVerificationMutation();

  async function onClick() {
    try {
      await resend({ email, language: lang }).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.verification_email_sent' }));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <button type="button" className={className} disabled={isLoading} onClick={() => void onClick()}>
      {isLoading ? t('form.submitting') : t('verifyNotice.resend')}
    </button>
  );
}

/** Shown after sign-up: check your inbox (it may take up to 5 minutes), or send it again. */
export function VerificationNotice({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="container page page--narrow">
      <h1 tabIndex={-1} ref={(node) => node?.focus()}>
        {t('verifyNotice.title')}
      </h1>
      <p className="page__lead">{t('verifyNotice.sent', { email })}</p>
      <p>{t('verifyNotice.delay')}</p>
      <ResendVerificationButton email={email} />
    </div>
  );
}
