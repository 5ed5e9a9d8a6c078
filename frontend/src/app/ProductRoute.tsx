import { FavouriteHearts, useFavouritesViewer } from '@/app/FavouriteHearts';
import { useAppSelector } from '@/app/hooks';
import { useGetMeQuery } from '@/features/auth/api';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { ProductPage } from '@/features/catalogue/ProductPage';
import { ContactSellerForm } from '@/features/contacts/ContactSellerForm';
import { FavouriteButton } from '@/features/favourites/FavouriteButton';
import { ReportAd } from '@/features/reports/ReportAd';
import { RateSeller } from '@/features/reviews/RateSeller';
import { SellerRating } from '@/features/reviews/RatingSummary';

/**
 * `product/{id}`: the catalogue's ad page with the contact form, "report this ad", the favourites
 * heart and the seller's reviews composed in. A signed-in buyer's name and e-mail prefill the
 * forms; the owner of the ad sees a note instead, no heart and no "rate this seller".
 */
export function ProductRoute() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const viewer = useFavouritesViewer();
  const defaults = signedIn && me ? { name: `${me.firstName} ${me.lastName}`.trim(), email: me.email } : undefined;
  return (
    <FavouriteHearts>
      <ProductPage
        slots={{
          contactSeller: (product) => (
            <ContactSellerForm
              key={`contact-${product.id}`}
              adId={product.id}
              adActive={product.status === 'active'}
              ownAd={product.canEdit}
              defaults={defaults}
            />
          ),
          // Owners do not report their own ads.
          reportAd: (product) =>
            product.canEdit ? null : (
              <ReportAd key={`report-${product.id}`} productId={product.id} email={defaults?.email} />
            ),
          // Only ads on sale can be saved, and not by their seller.
          favourite: (product) =>
            viewer === undefined || product.status !== 'active' || product.seller.id === viewer ? null : (
              <FavouriteButton adId={product.id} title={product.title} userId={viewer} size="large" />
            ),
          sellerRating: (product) => <SellerRating sellerId={product.seller.id} />,
          // Signed-in buyers only: visitors cannot rate, nor can the seller rate themselves.
          rateSeller: (product) =>
            typeof viewer !== 'string' || product.canEdit || product.seller.id === viewer ? null : (
              <RateSeller key={`rate-${product.id}`} adId={product.id} sellerId={product.seller.id} />
            ),
        }}
      />
    </FavouriteHearts>
  );
}
