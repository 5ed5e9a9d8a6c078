import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** Shown for any unknown path under a language prefix, and for route errors. */
export function NotFound() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('notFound.pageTitle'));

  return (
    <section className="container not-found">
      <h1 className="not-found__title">{t('notFound.title')}</h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <Link to={paths.home(lang)} className="button">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
