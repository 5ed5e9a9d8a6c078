import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Picture } from '@/components/Picture/Picture';
import type { Card as ProductCard } from '@/contract/schema.gen';
import { formatAge } from '@/features/catalogue/age';
import { formatDistance, placeText } from '@/features/catalogue/format';
import { Price } from '@/features/catalogue/Price';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import './catalogue.css';

type HeadingLevel = 'h2' | 'h3';

/**
 * Where a grid of cards stands: across the page's container (home, a seller's page, favourites)
 * or in the results column beside the list page's filters.
 */
export type CardPlacement = 'page' | 'results';

/**
 * How wide a card's photo is drawn at each viewport width (the `sizes` of its srcset), from the
 * CSS: `.card-grid` fills its column with cards of at least 14rem and 1.25rem gaps; `.container`
 * is at most 72rem wide with 1rem of padding a side (1.5rem from 768px); from 960px the list
 * page's results column leaves 18rem and a 2rem gap to the filters. So across the page: one
 * column below 500px, two below 744px, three below 1004px, then four (261px once the container
 * stops growing at 1152px); beside the filters: two columns from 960px, three from 1080px (248px
 * from 1152px). Below 600px the results are compact rows with a 7rem thumbnail beside the text
 * (`.card-grid--results`). Slightly generous (100vw counts a scrollbar), never short.
 */
export const CARD_SIZES: Record<CardPlacement, string> = {
  page: [
    '(min-width: 1152px) 261px',
    '(min-width: 1004px) calc(25vw - 27px)',
    '(min-width: 744px) calc(33.34vw - 24px)',
    '(min-width: 500px) calc(50vw - 26px)',
    'calc(100vw - 32px)',
  ].join(', '),
  results: [
    '(min-width: 1152px) 248px',
    '(min-width: 1080px) calc(33.34vw - 136px)',
    '(min-width: 960px) calc(50vw - 194px)',
    '(min-width: 744px) calc(33.34vw - 24px)',
    '(min-width: 600px) calc(50vw - 26px)',
    '7rem',
  ].join(', '),
};

/** What another feature adds to a card (the favourites heart); null for nothing. */
export type CardAction = (card: ProductCard) => ReactNode;

/**
 * Provided by the app around a page, so that every card below gets the action (features do not
 * import each other). Without a provider cards have none.
 */
export const CardActionContext = createContext<CardAction | null>(null);

/**
 * One ad in a list: photo, title (the link to the ad; the whole card is clickable), price,
 * condition, place and, for a search around a place, the distance, how long ago it was posted
 * ("il y a 3 jours"), plus the action of the
 * surrounding CardActionContext. An `unavailable` card (with the reason shown) is greyed and not
 * linked.
 */
export function ResultCard({
  card,
  headingLevel = 'h3',
  aroundPlace = false,
  unavailable,
  placement = 'page',
  priority = false,
}: {
  card: ProductCard;
  headingLevel?: HeadingLevel;
  /** The search was around a place: show the distance (the API leaves out a distance of 0). */
  aroundPlace?: boolean;
  /** Why the ad cannot be opened (e.g. deactivated by its seller). */
  unavailable?: string;
  /** Where the card's grid stands, for the photo's `sizes`. */
  placement?: CardPlacement;
  /** The photo is the page's first large picture: load it at once, with high priority. */
  priority?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const action = useContext(CardActionContext);
  const age = formatAge(card.publishedAt, lang, t);
  const Heading = headingLevel;
  const place = placeText(card, lang);
  const distanceKm = card.distanceKm ?? (aroundPlace ? 0 : undefined);
  const actionNode = action?.(card) ?? null;
  return (
    <article className={`result-card${unavailable === undefined ? '' : ' result-card--unavailable'}`}>
      <div className="result-card__media">
        {card.imageUrl ? (
          <Picture
            src={card.imageUrl}
            webp={card.imageWebp}
            sizes={CARD_SIZES[placement]}
            width={640}
            height={480}
            alt=""
            priority={priority}
          />
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
        <p className="result-card__age">
          <span className="visually-hidden">{t('card.posted')} </span>
          <time dateTime={card.publishedAt}>{age}</time>
        </p>
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
  placement = 'page',
  priorityCount = 0,
}: {
  cards: readonly ProductCard[];
  label?: string;
  headingLevel?: HeadingLevel;
  aroundPlace?: boolean;
  /** Where the grid stands, for the photos' `sizes`. */
  placement?: CardPlacement;
  /**
   * How many of the first cards are the page's first screen (a grid at the top of its page):
   * their photos load at once, with high priority; the others lazily.
   */
  priorityCount?: number;
}) {
  return (
    <ul className={`card-grid card-grid--${placement}`} aria-label={label}>
      {cards.map((card, index) => (
        <li key={card.id}>
          <ResultCard
            card={card}
            aroundPlace={aroundPlace}
            placement={placement}
            priority={index < priorityCount}
            {...(headingLevel && { headingLevel })}
          />
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
