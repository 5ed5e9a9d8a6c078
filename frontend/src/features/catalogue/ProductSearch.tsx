import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { useSearchProductsQuery } from '@/features/catalogue/api';
import { SortSelect } from '@/features/catalogue/fields';
import { localityText } from '@/features/catalogue/format';
import { nextPage, pageNumber, previousPage, readPageState } from '@/features/catalogue/pagination';
import { CardGrid, CardGridSkeleton } from '@/features/catalogue/ResultCard';
import { SearchFilters } from '@/features/catalogue/SearchFilters';
import { fieldErrorKey, toApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { criteriaToSearchParams, DEFAULT_SORT, hasFilters, type SearchCriteria } from '@/lib/searchCriteria';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './catalogue.css';

interface ProductSearchProps {
  criteria: SearchCriteria;
  cursor: string | undefined;
  /** The URL of a page of this same search (the token page keeps its token path). */
  pageHref: (cursor: string | undefined) => string;
  /** Shown above the list, e.g. that a search link could not be read. */
  notice?: ReactNode;
  /** Actions on the whole search below the title (the app adds "Save this search"). */
  renderSearchAction?: SearchActionRender | undefined;
}

/**
 * Draws an action on the list's search: its criteria and, once the list knows it, the place the
 * search is around ("8001 Zürich").
 */
export type SearchActionRender = (search: { criteria: SearchCriteria; place: string | undefined }) => ReactNode;

/**
 * The product list (`products`, `products/{search}`): filters, sort, results and previous/next
 * paging. The URL is the state: filters and sort are query parameters (lib/searchCriteria.ts)
 * and the page is `?cursor=`; see pagination.ts for how "Previous" and the back button work.
 */
export function ProductSearch({ criteria, cursor, pageHref, notice, renderSearchAction }: ProductSearchProps) {
  const { t } = useTranslation(['catalogue', 'errors']);
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const resultsId = useId();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // On narrow screens the filters fold away behind a button, so the results come first.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const pageState = readPageState(location.state);
  useDocumentTitle(t('list.pageTitle'));

  const { currentData, isError, error } = useSearchProductsQuery({
    criteria,
    ...(cursor !== undefined && { cursor }),
  });

  // After Previous/Next the focus moves to the results heading, so keyboard and screen-reader
  // users start reading the new page instead of staying on the pager at the bottom.
  const shownCursor = useRef(cursor);
  useEffect(() => {
    if (shownCursor.current === cursor) return;
    shownCursor.current = cursor;
    resultsHeading.current?.focus();
  }, [cursor]);

  const apiError = isError ? toApiError(error) : null;
  const locationCode = apiError?.code === 'validation_failed' ? apiError.fields?.location : undefined;
  const locationError =
    locationCode === undefined
      ? undefined
      : locationCode === 'unknown_locality'
        ? t('filters.unknownLocality')
        : t(`errors:${fieldErrorKey(locationCode)}`);

  function search(next: SearchCriteria) {
    void navigate(paths.products(lang, criteriaToSearchParams(next)));
  }

  const place = currentData?.place;
  const previous = previousPage(cursor, pageState);
  const next = currentData?.nextCursor ? nextPage(cursor, pageState, currentData.nextCursor) : null;
  const page = pageNumber(cursor, pageState);
  const filtered = hasFilters(criteria);

  return (
    <div className="container page catalogue">
      <h1>{t('list.title')}</h1>
      {notice}
      {renderSearchAction?.({ criteria, place: place ? `${place.postalCode} ${place.name}` : undefined })}
      <div className="catalogue__layout">
        <div className="catalogue__filters">
          <button
            type="button"
            className="button catalogue__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={`${resultsId}-filters`}
            onClick={() => {
              setFiltersOpen((open) => !open);
            }}
          >
            {t('filters.title')}
          </button>
          <div
            id={`${resultsId}-filters`}
            className={`catalogue__filters-body${filtersOpen || locationError ? ' catalogue__filters-body--open' : ''}`}
          >
            <SearchFilters
              key={criteriaToSearchParams(criteria).toString()}
              criteria={criteria}
              onSearch={search}
              locationError={locationError}
              placeHint={place ? t('filters.placeHint', { place: localityText(place) }) : undefined}
            />
          </div>
        </div>
        <section className="catalogue__results" aria-labelledby={resultsId}>
          <div className="catalogue__toolbar">
            <h2 id={resultsId} ref={resultsHeading} tabIndex={-1} className="catalogue__results-title">
              {page !== null && page > 1 ? t('list.resultsPage', { page }) : t('list.results')}
            </h2>
            <SortSelect
              id={`${resultsId}-sort`}
              value={criteria.sort ?? DEFAULT_SORT}
              onChange={(sort) => {
                search({ ...criteria, sort });
              }}
            />
          </div>
          {place && criteria.radiusKm !== undefined && (
            <p className="catalogue__place">
              {t('list.around', { place: localityText(place), radius: criteria.radiusKm })}
            </p>
          )}

          {apiError ? (
            <ApiErrorAlert className="catalogue-alert" error={apiError}>
              {locationError && <p>{locationError}</p>}
              {apiError.code === 'invalid_cursor' && (
                <p>
                  <Link to={pageHref(undefined)}>{t('list.firstPage')}</Link>
                </p>
              )}
            </ApiErrorAlert>
          ) : currentData === undefined ? (
            <CardGridSkeleton count={6} />
          ) : currentData.items.length === 0 ? (
            <div className="catalogue__empty">
              <p className="catalogue__empty-title">{t('list.empty')}</p>
              {filtered && (
                <p>
                  {t('list.emptyHint')} <Link to={paths.products(lang)}>{t('list.showAll')}</Link>
                </p>
              )}
            </div>
          ) : (
            <CardGrid
              cards={currentData.items}
              aroundPlace={place !== undefined}
              placement="results"
              priorityCount={1}
            />
          )}

          {(previous !== null || next !== null) && (
            <nav className="pager" aria-label={t('pagination.label')}>
              {previous ? (
                <Link className="pager__link" to={pageHref(previous.cursor)} state={previous.state} rel="prev">
                  {t('pagination.previous')}
                </Link>
              ) : (
                <span className="pager__link pager__link--disabled" aria-disabled="true">
                  {t('pagination.previous')}
                </span>
              )}
              {page !== null && <span className="pager__page">{t('pagination.page', { page })}</span>}
              {next ? (
                <Link className="pager__link" to={pageHref(next.cursor)} state={next.state} rel="next">
                  {t('pagination.next')}
                </Link>
              ) : (
                <span className="pager__link pager__link--disabled" aria-disabled="true">
                  {t('pagination.next')}
                </span>
              )}
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}
