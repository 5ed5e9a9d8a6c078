import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './Home.css';

const PITCH_POINTS = ['circular', 'local', 'simple'] as const;

interface HomePageProps {
  /** The catalogue's quick search, laid over the hero's lower edge. */
  search: ReactNode;
  /** The catalogue's lists (recent materials, recently viewed), between the search and the pitch. */
  listings: ReactNode;
}

/**
 * Home: the circular-economy pitch and calls to action around the catalogue's quick search and
 * lists. The catalogue parts come in as props: features do not import each other, and the app
 * puts the two together (app/HomeRoute.tsx).
 */
export function HomePage({ search, listings }: HomePageProps) {
  const { t } = useTranslation('home');
  const lang = useLang();
  useDocumentTitle(t('pageTitle'));

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">{t('hero.title')}</h1>
          <p className="hero__lead">{t('hero.lead')}</p>
          <div className="hero__actions">
            <Link to={paths.products(lang)} className="button button--light">
              {t('hero.buy')}
            </Link>
            <Link to={paths.sell(lang)} className="button button--outline-light">
              {t('hero.sell')}
            </Link>
          </div>
        </div>
      </section>

      <div className="container home__search">{search}</div>

      <div className="home__listings">{listings}</div>

      <section className="container home__pitch" aria-labelledby="home-pitch-title">
        <h2 id="home-pitch-title">{t('pitch.title')}</h2>
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
