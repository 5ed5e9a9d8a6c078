import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { CloseIcon } from '@/components/icons';
import type { SearchTotal } from '@/contract/schema.gen';
import { ActiveFilters, filterChips } from '@/features/catalogue/ActiveFilters';
import { useSearchProductsQuery } from '@/features/catalogue/api';
import { SortSelect } from '@/features/catalogue/fields';
import { localityText } from '@/features/catalogue/format';
import { knownPages, nextPage, pageNumber, previousPage, readPageState } from '@/features/catalogue/pagination';
import { CardGrid, CardGridSkeleton } from '@/features/catalogue/ResultCard';
import { readView, ResultsOnMap, ViewToggle, withView } from '@/features/catalogue/ResultsView';
import { SearchFilters } from '@/features/catalogue/SearchFilters';
import { useMediaQuery } from '@/features/catalogue/useMediaQuery';
import { fieldErrorKey, toApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { criteriaToSearchParams, DEFAULT_SORT, hasFilters, type SearchCriteria } from '@/lib/searchCriteria';
import { groupThousands } from '@/lib/money';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useFocusTrap } from '@/lib/useFocusTrap';
import { useLang } from '@/lib/useLang';
import './catalogue.css';
import './ProductSearch.css';

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

/** Below this width the filters are a sheet (a dialog) opened by a button; above, a sticky column. */
const SHEET_QUERY = '(max-width: 959.98px)';

/** "1’234" (grouped with the Swiss apostrophe in every language). */
function grouped(n: number): string {
  return groupThousands(String(n));
}

/** The result count as the list writes it: "1’234 annonces", "environ 1’200 annonces". */
function useCountText(total: SearchTotal | undefined): { count: string | undefined; show: string } {
  const { t } = useTranslation('catalogue');
  if (total === undefined) return { count: undefined, show: t('filters.submit') };
  const number = grouped(total.count);
  return {
    count: total.exact
      ? t('list.count', { count: total.count, number })
      : t('list.countAbout', { count: total.count, number }),
    show: total.exact ? t('filters.show', { count: total.count, number }) : t('filters.submit'),
  };
}

/**
 * The product list (`products`, `products/{search}`): the result count, active-filter chips,
 * filters that apply as they change (a sticky column on wide screens, a sheet on phones), sort,
 * results and numbered paging. The URL is the state: filters and sort are query parameters
 * (lib/searchCriteria.ts) and the page is `?cursor=`; see pagination.ts for how the page numbers,
 * "Previous" and the back button work.
 */
export function ProductSearch({ criteria, cursor, pageHref: listHref, notice, renderSearchAction }: ProductSearchProps) {
  const { t } = useTranslation(['catalogue', 'errors']);
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const resultsId = useId();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const asSheet = useMediaQuery(SHEET_QUERY);
  // On narrow screens the filters are a sheet behind a button, so the results come first.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sheetOpen = asSheet && filtersOpen;
  const closeSheet = useCallback(() => {
    setFiltersOpen(false);
  }, []);
  useFocusTrap(sheetRef, sheetOpen, closeSheet);
  useEffect(() => {
    if (!sheetOpen) return undefined;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [sheetOpen]);
  const pageState = readPageState(location.state);
  // List or map: the view stays as the pages and filters change (ResultsView.tsx).
  const view = readView(location.search);
  const pageHref = (at: string | undefined) => withView(listHref(at), view);
  useDocumentTitle(t('list.pageTitle'));

  const { currentData, isError, error } = useSearchProductsQuery({
    criteria,
    ...(cursor !== undefined && { cursor }),
  });

  // After a page change the focus moves to the results heading, so keyboard and screen-reader
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
    void navigate(withView(paths.products(lang, criteriaToSearchParams(next)), view));
  }

  const place = currentData?.place;
  const previous = previousPage(cursor, pageState);
  const next = currentData?.nextCursor ? nextPage(cursor, pageState, currentData.nextCursor) : null;
  const page = pageNumber(cursor, pageState);
  const earlier = knownPages(cursor, pageState);
  const filtered = hasFilters(criteria);
  const activeCount = filterChips(criteria, { t, lang, place, categoryName: (slug) => slug }).length;
  const { count, show } = useCountText(currentData?.total);

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
            aria-haspopup="dialog"
            aria-expanded={sheetOpen}
            aria-controls={`${resultsId}-filters`}
            onClick={() => {
              setFiltersOpen(true);
            }}
          >
            {activeCount > 0 ? t('filters.toggle', { count: activeCount }) : t('filters.title')}
          </button>
          <div
            id={`${resultsId}-filters`}
            ref={sheetRef}
            className={`catalogue__filters-body${sheetOpen ? ' catalogue__filters-body--open' : ''}`}
            {...(sheetOpen && { role: 'dialog', 'aria-modal': true, 'aria-label': t('filters.title') })}
          >
            {sheetOpen && (
              <button
                type="button"
                className="catalogue__sheet-close"
                aria-label={t('filters.close')}
                onClick={closeSheet}
              >
                <CloseIcon />
              </button>
            )}
            <SearchFilters
              criteria={criteria}
              onSearch={search}
              locationError={locationError}
              placeHint={place ? t('filters.placeHint', { place: localityText(place) }) : undefined}
              submitLabel={show}
              onSubmitted={closeSheet}
            />
          </div>
        </div>
        <section className="catalogue__results" aria-labelledby={resultsId}>
          <div className="catalogue__toolbar">
            <div className="catalogue__heading">
              <h2 id={resultsId} ref={resultsHeading} tabIndex={-1} className="catalogue__results-title">
                {page !== null && page > 1 ? t('list.resultsPage', { page }) : t('list.results')}
              </h2>
              <p className="catalogue__count" aria-live="polite">
                {count}
              </p>
            </div>
            <ViewToggle
              view={view}
              hrefFor={(choice) => withView(`${location.pathname}${location.search}`, choice)}
              state={location.state as unknown}
            />
            <SortSelect
              id={`${resultsId}-sort`}
              value={criteria.sort ?? DEFAULT_SORT}
              nearby={criteria.location !== undefined}
              onChange={(sort) => {
                search({ ...criteria, sort });
              }}
            />
          </div>
          <ActiveFilters criteria={criteria} place={place} onSearch={search} />
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
          ) : view === 'map' ? (
            <ResultsOnMap cards={currentData.items} />
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
              <ol className="pager__pages">
                {earlier.map((known, index) => (
                  <li key={known.page}>
                    {index > 0 && known.page > (earlier[index - 1]?.page ?? 0) + 1 && (
                      <span className="pager__gap" aria-hidden="true" />
                    )}
                    <Link
                      className="pager__number"
                      to={pageHref(known.cursor)}
                      state={known.state}
                      aria-label={t('pagination.page', { page: known.page })}
                    >
                      {known.page}
                    </Link>
                  </li>
                ))}
                {page !== null && (
                  <li>
                    {earlier.length > 0 && page > (earlier.at(-1)?.page ?? 0) + 1 && (
                      <span className="pager__gap" aria-hidden="true" />
                    )}
                    <span className="pager__number pager__number--current" aria-current="page">
                      <span className="visually-hidden">{t('pagination.page', { page })}</span>
                      <span aria-hidden="true">{page}</span>
                    </span>
                  </li>
                )}
                {page !== null && next && (
                  <li>
                    <Link
                      className="pager__number"
                      to={pageHref(next.cursor)}
                      state={next.state}
                      aria-label={t('pagination.page', { page: page + 1 })}
                    >
                      {page + 1}
                    </Link>
                  </li>
                )}
              </ol>
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
