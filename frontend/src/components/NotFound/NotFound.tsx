import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetCategoriesQuery } from '@/app/referenceApi';
import { LazySearchBox } from '@/components/SearchBox/LazySearchBox';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/**
 * Shown for any unknown path under a language prefix, and for route errors: a way on - the search
 * field, the categories and the home page.
 */
export function NotFound() {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: categories = [] } = useGetCategoriesQuery(undefined);
  useDocumentTitle(t('notFound.pageTitle'));
  const top = categories.filter((category) => !category.parent).sort((a, b) => a.sortOrder - b.sortOrder);

  return (
    <section className="container not-found">
      <h1 className="not-found__title">{t('notFound.title')}</h1>
      <p className="not-found__text">{t('notFound.text')}</p>

      <h2 className="not-found__subtitle">{t('notFound.searchTitle')}</h2>
      <div className="not-found__search">
        <LazySearchBox variant="compact" />
      </div>

      {top.length > 0 && (
        <nav aria-labelledby="not-found-categories">
          <h2 id="not-found-categories" className="not-found__subtitle">
            {t('notFound.categories')}
          </h2>
          <ul className="not-found__categories">
            {top.map((category) => (
              <li key={category.slug}>
                <Link to={paths.products(lang, new URLSearchParams({ category: category.slug }))}>
                  {category.names[lang] ?? category.slug}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <Link to={paths.home(lang)} className="button">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
