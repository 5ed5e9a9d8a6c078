import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasPosition, LazyResultsMap, type MapAd } from '@/components/Map/LazyMap';
import type { Card } from '@/contract/schema.gen';
import { placeText } from '@/features/catalogue/format';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/**
 * The list page shows its results as cards or on a map. The choice is in the URL (`?view=map`),
 * so a map link can be shared and the back button returns to it; the list is the default and
 * writes no parameter.
 */
export type ResultsView = 'list' | 'map';

export const VIEW_PARAM = 'view';

/** The view a URL's query asks for; anything but `map` is the list. */
export function readView(search: string): ResultsView {
  return new URLSearchParams(search).get(VIEW_PARAM) === 'map' ? 'map' : 'list';
}

/** The same URL in the given view (other parameters and the path kept). */
export function withView(href: string, view: ResultsView): string {
  const at = href.indexOf('?');
  const path = at < 0 ? href : href.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : href.slice(at + 1));
  if (view === 'map') params.set(VIEW_PARAM, 'map');
  else params.delete(VIEW_PARAM);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * "List | Map": two links to this page in either view; the current one is marked
 * (`aria-current`), so keyboard and screen-reader users hear which view they are in.
 */
export function ViewToggle({
  view,
  hrefFor,
  state,
}: {
  view: ResultsView;
  hrefFor: (view: ResultsView) => string;
  /** The history state the page keeps (its page numbers): the switch keeps it too. */
  state?: unknown;
}) {
  const { t } = useTranslation('map');
  const choices: { view: ResultsView; label: string }[] = [
    { view: 'list', label: t('viewList') },
    { view: 'map', label: t('viewMap') },
  ];
  return (
    <div className="view-toggle" role="group" aria-label={t('viewLabel')}>
      {choices.map((choice) => (
        <Link
          key={choice.view}
          className="view-toggle__link"
          to={hrefFor(choice.view)}
          replace
          state={state}
          {...(choice.view === view && { 'aria-current': 'true' as const })}
        >
          {choice.label}
        </Link>
      ))}
    </div>
  );
}

/** A card as a marker: its price as the cards show it, its place, the link to the ad. */
function toMapAd(card: Card, lang: ReturnType<typeof useLang>, free: string): MapAd {
  return {
    id: card.id,
    title: card.title,
    price: card.priceRp === 0 ? free : formatMoney(Math.min(card.effectivePriceRp, card.priceRp), 'CHF', lang),
    place: placeText(card, lang),
    lat: card.lat,
    lon: card.lon,
    href: paths.product(lang, card.id),
  };
}

/**
 * The page's results on a map (the map module loads with it, never with the list). Ads carry
 * their locality's position, never an address; several ads of one locality share one marker.
 */
export function ResultsOnMap({ cards }: { cards: readonly Card[] }) {
  const { t } = useTranslation(['map', 'catalogue']);
  const lang = useLang();
  const navigate = useNavigate();
  const free = t('catalogue:price.free');
  const ads = useMemo(() => cards.map((card) => toMapAd(card, lang, free)), [cards, lang, free]);
  const open = useCallback(
    (href: string) => {
      void navigate(href);
    },
    [navigate],
  );
  if (!ads.some((ad) => hasPosition(ad.lat, ad.lon))) {
    return <p className="catalogue__empty">{t('noPositions')}</p>;
  }
  return <LazyResultsMap ads={ads} onOpen={open} label={t('resultsRegion')} />;
}
