import { useAppSelector } from '@/app/hooks';
import { useGetMeQuery } from '@/features/auth/api';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { ProductPage } from '@/features/catalogue/ProductPage';
import { ContactSellerForm } from '@/features/contacts/ContactSellerForm';
import { ReportAd } from '@/features/reports/ReportAd';

/**
 * `product/{id}`: the catalogue's ad page with the contact form and "report this ad" composed in.
 * A signed-in buyer's name and e-mail prefill the forms; the owner of the ad sees a note instead.
 */
export function ProductRoute() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const defaults = signedIn && me ? { name: `${me.firstName} ${me.lastName}`.trim(), email: me.email } : undefined;
  return (
    <ProductPage
      slots={{
        contactSeller: (product) => (
          <ContactSellerForm
            key={product.id}
            adId={product.id}
            adActive={product.status === 'active'}
            ownAd={product.canEdit}
            defaults={defaults}
          />
        ),
        // Owners do not report their own ads.
        reportAd: (product) =>
          product.canEdit ? null : <ReportAd key={product.id} productId={product.id} email={defaults?.email} />,
      }}
    />
  );
}
