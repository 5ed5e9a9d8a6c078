import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QuickSearch } from '@/features/home/QuickSearch';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './Home.css';

const PITCH_POINTS = ['circular', 'local', 'simple'] as const;

/** Home: the circular-economy pitch, calls to action and the quick search. */
export function HomePage() {
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

      <div className="container home__search">
        <QuickSearch />
      </div>

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
