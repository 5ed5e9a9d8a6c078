import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './HowItWorks.css';

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** How it works: the buying steps and the selling steps, as ordered lists. */
export function HowItWorksPage() {
  const { t } = useTranslation('howItWorks');
  const lang = useLang();
  useDocumentTitle(t('pageTitle'));

  return (
    <div className="container page">
      <h1>{t('title')}</h1>
      <p className="page__lead">{t('lead')}</p>
      <div className="steps">
        <section className="steps__column" aria-labelledby="how-buy-title">
          <h2 id="how-buy-title">{t('buy.title')}</h2>
          <ol className="steps__list">
            {STEPS.map((step) => (
              <li key={step}>{t(`buy.${step}`)}</li>
            ))}
          </ol>
          <Link to={paths.products(lang)} className="button">
            {t('cta.buy')}
          </Link>
        </section>
        <section className="steps__column" aria-labelledby="how-sell-title">
          <h2 id="how-sell-title">{t('sell.title')}</h2>
          <ol className="steps__list">
            {STEPS.map((step) => (
              <li key={step}>{t(`sell.${step}`)}</li>
            ))}
          </ol>
          <Link to={paths.sell(lang)} className="button">
            {t('cta.sell')}
          </Link>
        </section>
      </div>
    </div>
  );
}
