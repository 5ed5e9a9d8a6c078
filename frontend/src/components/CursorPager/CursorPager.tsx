import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './CursorPager.css';

/**
 * Previous/next through a cursor-paginated list kept in component state: `cursor` opens the
 * current page. A different `list` (another seller, filter or tab, also through the browser's
 * back button) starts at page one.
 */
export function useCursorPages(list = '') {
  // cursors[i] opens page i of `list`; the first page has none.
  const [state, setState] = useState<{ list: string; cursors: (string | undefined)[] }>({ list, cursors: [undefined] });
  const cursors = state.list === list ? state.cursors : [undefined];
  const page = cursors.length - 1;
  const next = useCallback(
    (cursor: string) => {
      setState((current) => ({ list, cursors: [...(current.list === list ? current.cursors : [undefined]), cursor] }));
    },
    [list],
  );
  const previous = useCallback(() => {
    setState((current) => ({
      list,
      cursors: current.list === list && current.cursors.length > 1 ? current.cursors.slice(0, -1) : [undefined],
    }));
  }, [list]);
  return { cursor: cursors[page], page, next, previous };
}

export type CursorPages = ReturnType<typeof useCursorPages>;

interface CursorPagerProps {
  /** Names the navigation landmark ("Pages of reviews"). */
  label: string;
  /** Where the list is (useCursorPages). */
  pages: CursorPages;
  /** The cursor of the page after this one, if any. */
  nextCursor: string | null | undefined;
  busy: boolean;
}

/** Previous / page n / next, shown when there is more than one page. */
export function CursorPager({ label, pages, nextCursor, busy }: CursorPagerProps) {
  const { t } = useTranslation('common');
  const { page } = pages;
  if (page === 0 && !nextCursor) return null;
  return (
    <nav className="cursor-pager" aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page === 0 || busy} onClick={pages.previous}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.page', { page: page + 1 })}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={!nextCursor || busy}
        onClick={() => {
          if (nextCursor) pages.next(nextCursor);
        }}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
