import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOptions, type ApiError } from '@/lib/apiError';

/** The translated message of a failed call, with the server's params (status, reason) translated too. */
export function ApiErrorText({ error }: { error: ApiError }) {
  const { t } = useTranslation('errors');
  return <>{t(error.messageKey, messageOptions(t, error))}</>;
}

/**
 * A failed call's message in an alert box (a form's error summary, a list that did not load),
 * with `children` below it: a way on, such as a link or a button. `className` gives the box the
 * look of its screen.
 */
export function ApiErrorAlert({
  error,
  className,
  children,
}: {
  error: ApiError;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className} role="alert">
      <p>
        <ApiErrorText error={error} />
      </p>
      {children}
    </div>
  );
}
