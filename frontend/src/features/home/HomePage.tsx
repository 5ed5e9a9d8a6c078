import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './Home.css';

const PITCH_POINTS = ['circular', 'local', 'simple'] as const;

interface HomePageProps {
  /** The catalogue's search: what and where, right under the title. */
  search: ReactNode;
  /** The catalogue's category tiles and lists (latest ads, recently viewed), before the pitch. */
  listings: ReactNode;
}

/**
 * Home, search first: the title and the search on a compact band, then the category tiles and the
 * latest ads (in a desktop's first screen), then the circular-economy pitch. The catalogue parts
 * come in as props: features do not import each other, and the app puts them together
 * (app/HomeRoute.tsx).
 */
export function HomePage({ search, listings }: HomePageProps) {
  const { t } = useTranslation('home');
  useDocumentTitle(t('pageTitle'));

  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__inner">
          <h1 id="home-title" className="hero__title">
            {t('hero.title')}
          </h1>
          <div className="hero__search">{search}</div>
        </div>
      </section>

      <div className="home__listings">{listings}</div>

      <section className="container home__pitch" aria-labelledby="home-pitch-title">
        <h2 id="home-pitch-title">{t('pitch.title')}</h2>
        <p className="home__lead">{t('hero.lead')}</p>
        <ul className="pitch-list">
          {PITCH_POINTS.map((point) => (
            <li key={point} className="pitch-list__item">
              <h3>{t(`pitch.${point}.title`)}</h3>
              <p>{t(`pitch.${point}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
