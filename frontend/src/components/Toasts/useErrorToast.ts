import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { messageOptions, toApiError, type ApiError } from '@/lib/apiError';

/**
 * Says why a call failed in an error toast: its message in the UI language, with the server's
 * params translated; `params` adds values the message quotes (a limit). The returned function
 * gives back the call's ApiError, for whatever else the screen does with it. The `errors`
 * namespace is fetched only when a call fails on a page that has not loaded it, so a page that
 * merely might show an error toast (a favourite heart) does not download every error text.
 */
export function useErrorToast(params?: Record<string, string | number>) {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  return (error: unknown): ApiError => {
    const apiError = toApiError(error);
    const show = () => {
      dispatch(
        toastShown({
          kind: 'error',
          messageKey: `errors:${apiError.messageKey}`,
          messageParams: { ...params, ...messageOptions(i18n.getFixedT(null, 'errors'), apiError) },
        }),
      );
    };
    if (i18n.hasLoadedNamespace('errors')) show();
    else void i18n.loadNamespaces('errors').then(show);
    return apiError;
  };
}
