import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Card as ProductCard } from '@/contract/schema.gen';
import { formatDistance, placeText } from '@/features/catalogue/format';
import { Price } from '@/features/catalogue/Price';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './catalogue.css';

type HeadingLevel = 'h2' | 'h3';

/** What another feature adds to a card (the favourites heart); null for nothing. */
export type CardAction = (card: ProductCard) => ReactNode;

/**
 * Provided by the app around a page, so that every card below gets the action (features do not
 * import each other). Without a provider cards have none.
 */
export const CardActionContext = createContext<CardAction | null>(null);

/**
 * One ad in a list: photo, title (the link to the ad; the whole card is clickable), price,
 * condition, place and, for a search around a place, the distance, plus the action of the
 * surrounding CardActionContext. An `unavailable` card (with the reason shown) is greyed and not
 * linked.
 */
export function ResultCard({
  card,
  headingLevel = 'h3',
  aroundPlace = false,
  unavailable,
}: {
  card: ProductCard;
  headingLevel?: HeadingLevel;
  /** The search was around a place: show the distance (the API leaves out a distance of 0). */
  aroundPlace?: boolean;
  /** Why the ad cannot be opened (e.g. deactivated by its seller). */
  unavailable?: string;
}) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const action = useContext(CardActionContext);
  const Heading = headingLevel;
  const place = placeText(card, lang);
  const distanceKm = card.distanceKm ?? (aroundPlace ? 0 : undefined);
  const actionNode = action?.(card) ?? null;
  return (
    <article className={`result-card${unavailable === undefined ? '' : ' result-card--unavailable'}`}>
      <div className="result-card__media">
        {card.imageUrl ? (
          <img src={card.imageUrl} alt="" width={640} height={480} loading="lazy" decoding="async" />
        ) : (
          <span className="result-card__no-photo">{t('card.noPhoto')}</span>
        )}
      </div>
      <div className="result-card__body">
        <Heading className="result-card__title">
          {unavailable === undefined ? (
            <Link to={paths.product(lang, card.id)} className="result-card__link">
              {card.title}
            </Link>
          ) : (
            card.title
          )}
        </Heading>
        {unavailable !== undefined && <p className="result-card__unavailable">{unavailable}</p>}
        <Price
          className="result-card__price"
          priceRp={card.priceRp}
          discountPct={card.discountPct}
          effectivePriceRp={card.effectivePriceRp}
        />
        <p className="result-card__meta">
          <span className="catalogue-tag">{t(`condition.${card.condition}`)}</span>
          {card.brand && <span>{card.brand}</span>}
        </p>
        {place && (
          <p className="result-card__place">
            <span className="visually-hidden">{t('card.place')} </span>
            {place}
            {distanceKm !== undefined && (
              <span className="result-card__distance">
                {t('card.distance', { distance: formatDistance(distanceKm, lang) })}
              </span>
            )}
          </p>
        )}
      </div>
      {actionNode !== null && <div className="result-card__action">{actionNode}</div>}
    </article>
  );
}

/** A grid of cards as a list (screen readers announce how many). */
export function CardGrid({
  cards,
  label,
  headingLevel,
  aroundPlace = false,
}: {
  cards: readonly ProductCard[];
  label?: string;
  headingLevel?: HeadingLevel;
  aroundPlace?: boolean;
}) {
  return (
    <ul className="card-grid" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <ResultCard card={card} aroundPlace={aroundPlace} {...(headingLevel && { headingLevel })} />
        </li>
      ))}
    </ul>
  );
}

/** Grey placeholders while a list loads; the status text is for screen readers. */
export function CardGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="card-grid-skeleton">
      <p role="status" className="visually-hidden">
        {t('list.loading')}
      </p>
      <ul className="card-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="skeleton-card">
            <span className="skeleton-card__media" />
            <span className="skeleton-card__line" />
            <span className="skeleton-card__line skeleton-card__line--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
