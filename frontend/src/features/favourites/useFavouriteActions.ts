import { useErrorToast } from '@/components/Toasts/useErrorToast';
import { useRemoveFavouriteMutation, useSaveFavouriteMutation, WISHLIST_MAX } from '@/features/favourites/api';

/**
 * Saving and removing one ad, for the heart and the dashboard. The cache changes at once (see
 * api.ts); when the server refuses, it is put back and a toast says why in the UI language.
 * Each action resolves to whether it succeeded.
 */
export function useFavouriteActions() {
  const failed = useErrorToast({ max: WISHLIST_MAX });
  const [saveCall] = useSaveFavouriteMutation();
  const [removeCall] = useRemoveFavouriteMutation();

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
