import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** Terms and conditions or the privacy statement: a simple static text page. */
export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const lang = useLang();
  useDocumentTitle(t(`${kind}.pageTitle`));
  const sections: readonly { title: string; text: string }[] = t(`${kind}.sections`, { returnObjects: true });
  return (
    <article className="container page page--narrow legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{t(`${kind}.title`)}</h1>
      <p className="page__lead">{t(`${kind}.lead`)}</p>
      {sections.map((section) => (
        <section key={section.title} className="page__section">
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <p className="page__section">
        {t('questions')} <Link to={paths.contactUs(lang)}>{t('contactLink')}</Link>
      </p>
    </article>
  );
}

export function TermsPage() {
  return <LegalPage kind="terms" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
