import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { useGetCategoriesQuery } from '@/app/referenceApi';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { hasPosition, LazyAreaMap } from '@/components/Map/LazyMap';
import type { ProductDetail } from '@/contract/schema.gen';
import { useGetProductQuery, useGetSimilarProductsQuery, useRecordProductViewMutation } from '@/features/catalogue/api';
import { categoryName, categoryTrail } from '@/features/catalogue/categories';
import { formatDistance, formatMonth, formatQuantity, placeText } from '@/features/catalogue/format';
import { Gallery } from '@/features/catalogue/Gallery';
import { Price } from '@/features/catalogue/Price';
import { CardGrid, CardGridSkeleton } from '@/features/catalogue/ResultCard';
import { distanceKm, selectSearchedPlace } from '@/features/catalogue/searchedPlace';
import { ShareAd } from '@/features/catalogue/ShareAd';
import { visitorId } from '@/features/catalogue/visitor';
import { toApiError } from '@/lib/apiError';
import { INTL_LOCALES } from '@/lib/languages';
import { formatDate } from '@/lib/money';
import { paths } from '@/lib/paths';
import { addRecentlyViewed } from '@/lib/recentlyViewed';
import { criteriaToSearchParams } from '@/lib/searchCriteria';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './catalogue.css';
import './ProductPage.css';

/**
 * Counts one view per page load of an active ad (the server skips owners, bots and repeats per
 * visitor and day) and remembers the ad under "recently viewed".
 */
function useRecordView(product: ProductDetail | undefined) {
  const [recordView] = useRecordProductViewMutation();
  const recorded = useRef<string | null>(null);
  const id = product?.status === 'active' ? product.id : undefined;
  useEffect(() => {
    if (id === undefined || recorded.current === id) return;
    recorded.current = id;
    addRecentlyViewed(id);
    recordView({ id, visitorId: visitorId() }).catch(() => {
      // a lost view count is not the buyer's problem
    });
  }, [id, recordView]);
}

/**
 * Parts of the ad page that other features provide; the app composes them in (features do not
 * import each other). Each gets the ad being shown.
 */
export interface ProductPageSlots {
  /** The "contact the seller" form (features/contacts). */
  contactSeller?: (product: ProductDetail) => ReactNode;
  /** "Report this ad" (features/reports). */
  reportAd?: (product: ProductDetail) => ReactNode;
  /** The favourites heart beside the title (features/favourites). */
  favourite?: (product: ProductDetail) => ReactNode;
  /** The seller's rating in the seller block (features/reviews). */
  sellerRating?: (product: ProductDetail) => ReactNode;
  /** "Rate this seller", below the ad's details (features/reviews). */
  rateSeller?: (product: ProductDetail) => ReactNode;
}

/** `product/{id}`: one ad for buyers. */
export function ProductPage({ slots = {} }: { slots?: ProductPageSlots }) {
  const { t } = useTranslation('catalogue');
  const { id = '' } = useParams();
  const { data: product, isLoading, isError, error } = useGetProductQuery(id);
  const apiError = isError ? toApiError(error) : null;
  useRecordView(product);
  useDocumentTitle(
    product?.title ??
      (apiError === null ? '' : apiError.status === 404 ? t('product.notFoundTitle') : t('product.errorTitle')),
  );

  if (isLoading) {
    return (
      <div className="container page">
        <p role="status" className="visually-hidden">
          {t('product.loading')}
        </p>
        <ProductPlaceholder />
      </div>
    );
  }
  if (!product) {
    if (apiError?.status === 404) return <ProductNotFound />;
    return (
      <div className="container page">
        <h1>{t('product.errorTitle')}</h1>
        <ApiErrorAlert className="catalogue-alert" error={apiError ?? toApiError(error)} />
      </div>
    );
  }
  return <ProductView product={product} slots={slots} />;
}

/**
 * Grey blocks where the breadcrumb, title, price panel and photo will be, at about their size and
 * in the same grid places.
 */
function ProductPlaceholder() {
  return (
    <div className="product-placeholder" aria-hidden="true">
      <span className="skeleton product-placeholder__breadcrumb" />
      <div className="product__layout">
        <span className="skeleton product-placeholder__title product__heading" />
        <span className="skeleton product-placeholder__summary product__buy" />
        <span className="skeleton product-placeholder__photo product__main" />
      </div>
    </div>
  );
}

/** The not-found page's look, with the catalogue's words. */
function ProductNotFound() {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  return (
    <section className="container not-found">
      <h1 className="not-found__title">{t('product.notFoundTitle')}</h1>
      <p className="not-found__text">{t('product.notFoundText')}</p>
      <Link to={paths.products(lang)} className="button">
        {t('product.browse')}
      </Link>
    </section>
  );
}

function ProductView({ product, slots }: { product: ProductDetail; slots: ProductPageSlots }) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const { data: categories } = useGetCategoriesQuery(undefined);
  const trail = categoryTrail(product.categoryPath.length > 0 ? product.categoryPath : [product.categorySlug]);
  const place = placeText(product.location, lang);
  const deliveryModes = [product.pickup && t('product.pickup'), product.delivery && t('product.delivery')].filter(
    (mode): mode is string => typeof mode === 'string',
  );
  const listFor = (slug: string) => paths.products(lang, criteriaToSearchParams({ category: slug }));
  const searchedPlace = useAppSelector(selectSearchedPlace);
  const distance =
    searchedPlace && (product.location.lat !== 0 || product.location.lon !== 0)
      ? distanceKm(searchedPlace, product.location)
      : undefined;

  return (
    <div className="container page product">
      <nav aria-label={t('product.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.products(lang)}>{t('list.title')}</Link>
          </li>
          {trail.map((slug) => (
            <li key={slug}>
              <Link to={listFor(slug)}>{categoryName(categories, slug, lang)}</Link>
            </li>
          ))}
        </ol>
      </nav>

      {product.status !== 'active' && (
        <p className="catalogue-alert" role="status">
          {t(`product.notPublic.${product.status}`)}
        </p>
      )}

      <div className="product__layout">
        <div className="product__heading">
          <h1 className="product__title">{product.title}</h1>
          {slots.favourite?.(product)}
        </div>

        <section className="catalogue-panel product__buy" aria-label={t('product.keyFacts')}>
          <Price
            className="product__price"
            priceRp={product.priceRp}
            discountPct={product.discountPct}
            effectivePriceRp={product.effectivePriceRp}
          />
          <p className="product__place">
            <span className="product__place-label">{t('product.location')}</span> {place}
            {distance !== undefined && (
              <span className="product__distance">
                {t('card.distance', { distance: formatDistance(distance, lang) })}
              </span>
            )}
          </p>
          <p className="catalogue-hint">{t('product.approximate')}</p>
          <div className="product__share-row">
            <p className="product__number">{t('product.adNumber', { id: product.id })}</p>
            <ShareAd
              title={product.title}
              url={new URL(paths.product(lang, product.id), window.location.origin).href}
            />
          </div>
        </section>

        <div className="product__main">
          <Gallery images={product.images} title={product.title} />

          <section className="product__section" aria-labelledby="product-description">
            <h2 id="product-description">{t('product.description')}</h2>
            <div className="product__description">
              {product.description.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </section>

          <section className="product__section" aria-labelledby="product-details">
            <h2 id="product-details">{t('product.details')}</h2>
            <dl className="facts">
              <div>
                <dt>{t('product.category')}</dt>
                <dd>{categoryName(categories, product.categorySlug, lang)}</dd>
              </div>
              {product.brand && (
                <div>
                  <dt>{t('product.brand')}</dt>
                  <dd>{product.brand}</dd>
                </div>
              )}
              <div>
                <dt>{t('product.condition')}</dt>
                <dd>{t(`condition.${product.condition}`)}</dd>
              </div>
              <div>
                <dt>{t('product.quantity')}</dt>
                <dd>{formatQuantity(product.quantity, lang, t)}</dd>
              </div>
              <div>
                <dt>{t('product.handover')}</dt>
                <dd>{new Intl.ListFormat(INTL_LOCALES[lang], { type: 'conjunction' }).format(deliveryModes)}</dd>
              </div>
              {product.publishedAt && (
                <div>
                  <dt>{t('product.published')}</dt>
                  <dd>{formatDate(product.publishedAt, lang)}</dd>
                </div>
              )}
            </dl>
          </section>
          <AreaSection product={product} place={place} />
          {slots.rateSeller?.(product)}
        </div>

        <aside className="product__aside" aria-label={t('product.sellerAndContact')}>
          <SellerCard product={product} rating={slots.sellerRating?.(product)} />
          {slots.contactSeller?.(product)}
          {slots.reportAd?.(product)}
        </aside>
      </div>

      <SimilarProducts id={product.id} />
    </div>
  );
}

/** Radius of the drawn area: a locality's surroundings, or a canton for an ad placed in one. */
const LOCALITY_AREA_M = 2000;
const CANTON_AREA_M = 20000;

/** Where the ad is, on a map: a circle around its locality (never the address) and its name. */
function AreaSection({ product, place }: { product: ProductDetail; place: string }) {
  const { t } = useTranslation('map');
  const { lat, lon, kind } = product.location;
  if (!hasPosition(lat, lon)) return null;
  return (
    <section className="product__section" aria-labelledby="product-area">
      <h2 id="product-area">{t('areaHeading')}</h2>
      <LazyAreaMap
        lat={lat}
        lon={lon}
        radiusM={kind === 'city' ? LOCALITY_AREA_M : CANTON_AREA_M}
        label={t('areaRegion')}
      />
      <p className="catalogue-hint">{t('approximate', { place })}</p>
    </section>
  );
}

function SellerCard({ product, rating }: { product: ProductDetail; rating: ReactNode }) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const { seller } = product;
  return (
    <section className="catalogue-panel seller" aria-labelledby="product-seller">
      <h2 id="product-seller" className="catalogue-panel__title">
        {t('seller.title')}
      </h2>
      <p className="seller__name">{seller.name}</p>
      <p className="catalogue-tag">{t(`seller.${seller.accountType}`)}</p>
      <p className="seller__since">{t('seller.memberSince', { date: formatMonth(seller.memberSince, lang) })}</p>
      {rating}
      <p className="seller__profile">
        <Link to={paths.seller(lang, seller.id)}>{t('seller.profileLink')}</Link>
      </p>
    </section>
  );
}

/** "You might like" shows this many ads: one row of four on a laptop, two rows of two on a phone. */
const SIMILAR_COUNT = 4;

/**
 * "You might like": ads of the same category, nearby first (the API leaves this ad out). It loads
 * after the ad; until then placeholders of the cards' size hold its place, so nothing moves when
 * it arrives. Hidden when there is nothing to show.
 */
function SimilarProducts({ id }: { id: string }) {
  const { t } = useTranslation('catalogue');
  const { data, isLoading } = useGetSimilarProductsQuery(id);
  const cards = (data ?? []).slice(0, SIMILAR_COUNT);
  if (!isLoading && cards.length === 0) return null;
  return (
    <section className="product__similar" aria-labelledby="product-similar">
      <h2 id="product-similar">{t('product.similar')}</h2>
      {isLoading ? <CardGridSkeleton count={SIMILAR_COUNT} /> : <CardGrid cards={cards} />}
    </section>
  );
}
