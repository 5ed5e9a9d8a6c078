import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

const SECTIONS = ['mission', 'circular', 'swiss', 'audience'] as const;

/** About us: mission, circular economy, Swiss focus. */
export function AboutPage() {
  const { t } = useTranslation('about');
  useDocumentTitle(t('pageTitle'));
  return (
    <article className="container page page--narrow">
      <h1>{t('title')}</h1>
      <p className="page__lead">{t('lead')}</p>
      {SECTIONS.map((section) => (
        <section key={section} className="page__section">
          <h2>{t(`${section}.title`)}</h2>
          <p>{t(`${section}.text`)}</p>
        </section>
      ))}
    </article>
  );
}
