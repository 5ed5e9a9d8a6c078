import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOptions, type ApiError } from '@/lib/apiError';

/** A failed call's message in the UI language, in an alert box. */
export function ApiErrorAlert({ error, children }: { error: ApiError; children?: ReactNode }) {
  const { t } = useTranslation('errors');
  return (
    <div className="catalogue-alert" role="alert">
      <p>{t(error.messageKey, messageOptions(t, error))}</p>
      {children}
    </div>
  );
}
