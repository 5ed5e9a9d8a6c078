import { FavouriteHearts, useFavouritesViewer } from '@/app/FavouriteHearts';
import { SellerAds } from '@/features/catalogue/SellerAds';
import { SellerProfilePage } from '@/features/reviews/SellerProfilePage';

/**
 * `seller/{id}`: the reviews feature's public seller profile with the seller's active ads drawn by
 * the catalogue (with the favourites hearts). The signed-in user decides who may answer, edit or
 * report a review.
 */
export function SellerRoute() {
  const viewer = useFavouritesViewer();
  return (
    <FavouriteHearts>
      <SellerProfilePage viewerId={viewer} renderAds={(sellerId) => <SellerAds sellerId={sellerId} />} />
    </FavouriteHearts>
  );
}
