import { useCallback, type ReactNode } from 'react';
import { useAppSelector } from '@/app/hooks';
import { useGetMeQuery } from '@/features/auth/api';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { CardActionContext, type CardAction } from '@/features/catalogue/ResultCard';
import { FavouriteButton } from '@/features/favourites/FavouriteButton';

/**
 * Who may use the hearts: the signed-in user's id, null for a visitor, undefined while the
 * signed-in user is still loading (nobody can tell their own ads yet).
 */
export function useFavouritesViewer(): string | null | undefined {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  if (!signedIn) return null;
  return me?.id;
}

/**
 * Puts the favourites heart on every ad card below it (catalogue lists), except on the signed-in
 * seller's own ads. Used by the route modules, so the favourites code stays out of the first
 * download.
 */
export function FavouriteHearts({ children }: { children: ReactNode }) {
  const viewer = useFavouritesViewer();
  const heart = useCallback<CardAction>(
    (card) =>
      viewer === undefined || card.sellerId === viewer ? null : (
        <FavouriteButton adId={card.id} title={card.title} userId={viewer} />
      ),
    [viewer],
  );
  return <CardActionContext value={heart}>{children}</CardActionContext>;
}
