import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { messageOptions, toApiError, type ApiError } from '@/lib/apiError';

/**
 * Says why a call failed in an error toast: its message in the UI language, with the server's
 * params translated; `params` adds values the message quotes (a limit). The returned function
 * gives back the call's ApiError, for whatever else the screen does with it.
 */
export function useErrorToast(params?: Record<string, string | number>) {
  const { t } = useTranslation('errors');
  const dispatch = useAppDispatch();
  return (error: unknown): ApiError => {
    const apiError = toApiError(error);
    dispatch(
      toastShown({
        kind: 'error',
        messageKey: `errors:${apiError.messageKey}`,
        messageParams: { ...params, ...messageOptions(t, apiError) },
      }),
    );
    return apiError;
  };
}
