import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetProductsBatchQuery, useSearchProductsQuery } from '@/features/catalogue/api';
import { CardGrid, CardGridSkeleton } from '@/features/catalogue/ResultCard';
import { paths } from '@/lib/paths';
import { forgetRecentlyViewed, readRecentlyViewed } from '@/lib/recentlyViewed';
import { useLang } from '@/lib/useLang';
import './catalogue.css';

const RECENT_COUNT = 8;

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
