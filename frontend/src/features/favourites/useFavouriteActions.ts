import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useRemoveFavouriteMutation, useSaveFavouriteMutation } from '@/features/favourites/api';
import { WISHLIST_MAX } from '@/features/favourites/api';
import { messageOptions, toApiError } from '@/lib/apiError';

/**
 * Saving and removing one ad, for the heart and the dashboard. The cache changes at once (see
 * api.ts); when the server refuses, it is put back and a toast says why in the UI language.
 * Each action resolves to whether it succeeded.
 */
export function useFavouriteActions() {
  const { t } = useTranslation('errors');
  const dispatch = useAppDispatch();
  const [saveCall] = useSaveFavouriteMutation();
  const [removeCall] = useRemoveFavouriteMutation();

  function failed(error: unknown) {
    const apiError = toApiError(error);
    dispatch(
      toastShown({
        kind: 'error',
        messageKey: `errors:${apiError.messageKey}`,
        messageParams: { max: WISHLIST_MAX, ...messageOptions(t, apiError) },
      }),
    );
  }

  async function save(adId: string): Promise<boolean> {
    try {
      await saveCall(adId).unwrap();
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  async function remove(adId: string): Promise<boolean> {
    try {
      await removeCall(adId).unwrap();
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  return { save, remove };
}
