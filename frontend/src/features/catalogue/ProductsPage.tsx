import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ProductSearch, type SearchActionRender } from '@/features/catalogue/ProductSearch';
import { paths } from '@/lib/paths';
import { criteriaToSearchParams, cursorFromSearchParams, searchParamsToCriteria } from '@/lib/searchCriteria';
import { decodeSearchToken } from '@/lib/searchToken';
import { useLang } from '@/lib/useLang';

/** What the app adds to the list (see ProductSearch). */
interface ListProps {
  renderSearchAction?: SearchActionRender;
}

/** `products?…`: the list for the criteria in the query string. */
export function ProductsPage({ renderSearchAction }: ListProps = {}) {
  const lang = useLang();
  const [params] = useSearchParams();
  const criteria = searchParamsToCriteria(params);
  return (
    <ProductSearch
      criteria={criteria}
      cursor={cursorFromSearchParams(params)}
      pageHref={(cursor) => paths.products(lang, criteriaToSearchParams(criteria, cursor))}
      renderSearchAction={renderSearchAction}
    />
  );
}

/**
 * `products/{search}`: the same list for a search token (lib/searchToken.ts), e.g. the mobile
 * menu's Buy link. Paging stays on the token's path; changing a filter opens `products?…`.
 */
export function SearchTokenPage({ renderSearchAction }: ListProps = {}) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const { search = '' } = useParams();
  const [params] = useSearchParams();
  const decoded = decodeSearchToken(search);
  return (
    <ProductSearch
      criteria={decoded ?? {}}
      cursor={cursorFromSearchParams(params)}
      pageHref={(cursor) => paths.productsForToken(lang, search, criteriaToSearchParams({}, cursor))}
      renderSearchAction={renderSearchAction}
      notice={
        decoded === null && (
          <p className="catalogue-alert" role="alert">
            {t('list.badToken')} <Link to={paths.products(lang)}>{t('list.showAll')}</Link>
          </p>
        )
      }
    />
  );
}
