import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetCategoriesQuery, useGetCategoryCountsQuery } from '@/app/referenceApi';
import type { Category } from '@/contract/schema.gen';
import { useGetProductsBatchQuery, useSearchProductsQuery } from '@/features/catalogue/api';
import { CardGrid, CardGridSkeleton } from '@/features/catalogue/ResultCard';
import type { Language } from '@/lib/languages';
import { formatNumber } from '@/lib/number';
import { paths } from '@/lib/paths';
import { forgetRecentlyViewed, readRecentlyViewed } from '@/lib/recentlyViewed';
import { useLang } from '@/lib/useLang';
import './catalogue.css';

const RECENT_COUNT = 8;

/** How many category tiles the home page shows: two rows on a desktop, four on a phone. */
export const TILE_COUNT = 8;

export interface CategoryTile {
  slug: string;
  name: string;
  count: number;
}

/**
 * The home page's tiles: every top-level category (with or without ads), then the
 * sub-categories with the most ads, TILE_COUNT at most, each named in `lang`.
 */
export function categoryTiles(
  categories: readonly Category[],
  counts: Record<string, number>,
  lang: Language,
): CategoryTile[] {
  const tile = (c: Category): CategoryTile => ({
    slug: c.slug,
    name: c.names[lang] ?? c.slug,
    count: counts[c.slug] ?? 0,
  });
  const byOrder = [...categories].sort((a, b) => a.sortOrder - b.sortOrder);
  const top = byOrder.filter((c) => !c.parent).map(tile);
  const subs = byOrder
    .filter((c) => c.parent)
    .map(tile)
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count);
  return [...top, ...subs].slice(0, TILE_COUNT);
}

/** "Browse by category": tiles with the live number of ads, each opening the category's list. */
export function CategoryTiles() {
  const { t } = useTranslation('home');
  const lang = useLang();
  const { data: categories } = useGetCategoriesQuery(undefined);
  const { data: counts } = useGetCategoryCountsQuery(undefined);
  if (!categories || categories.length === 0) return null;
  const tiles = categoryTiles(categories, counts ?? {}, lang);
  return (
    <section className="container category-tiles" aria-labelledby="home-tiles">
      <div className="home-listing__head">
        <h2 id="home-tiles">{t('tiles.title')}</h2>
        <Link to={paths.products(lang)}>{t('tiles.all')}</Link>
      </div>
      <ul className="category-tiles__list">
        {tiles.map((tile) => (
          <li key={tile.slug}>
            <Link
              className="category-tiles__tile"
              to={paths.products(lang, new URLSearchParams({ category: tile.slug }))}
            >
              <span className="category-tiles__name">{tile.name}</span>{' '}
              {counts && <span className="category-tiles__count">{t('tiles.count', { count: tile.count, number: formatNumber(tile.count, 0) })}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The cards whose photos load at once: the first, the list's largest first picture (alone in a
 * phone's first screen, first of a desktop's first row of cards of one size).
 */
const PRIORITY_CARDS = 1;

/** "Recent materials": the newest ads, with a link to the whole list. */
export function RecentMaterials() {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const { currentData, isError } = useSearchProductsQuery({ criteria: {}, limit: RECENT_COUNT });
  if (isError) return null; // the rest of the home page stays useful
  return (
    <section className="container home-listing" aria-labelledby="home-recent">
      <div className="home-listing__head">
        <h2 id="home-recent">{t('home.recent')}</h2>
        <Link to={paths.products(lang)}>{t('home.seeAll')}</Link>
      </div>
      {currentData === undefined ? (
        <CardGridSkeleton count={4} />
      ) : currentData.items.length === 0 ? (
        <p>{t('home.noAds')}</p>
      ) : (
        <CardGrid cards={currentData.items} priorityCount={PRIORITY_CARDS} />
      )}
    </section>
  );
}

/** "Recently viewed materials": ads this browser opened (lib/recentlyViewed.ts); hidden when none. */
export function RecentlyViewed() {
  const { t } = useTranslation('catalogue');
  const [ids] = useState(readRecentlyViewed);
  const { currentData: cards } = useGetProductsBatchQuery(ids, { skip: ids.length === 0 });

  useEffect(() => {
    if (!cards) return;
    const listed = new Set(cards.map((card) => card.id));
    forgetRecentlyViewed(ids.filter((id) => !listed.has(id)));
  }, [cards, ids]);

  if (!cards || cards.length === 0) return null;
  return (
    <section className="container home-listing" aria-labelledby="home-viewed">
      <div className="home-listing__head">
        <h2 id="home-viewed">{t('home.viewed')}</h2>
      </div>
      <CardGrid cards={cards} />
    </section>
  );
}
