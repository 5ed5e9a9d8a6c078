/**
 * Numbered and previous/next paging over signed cursors. The current page's cursor is in the URL (`?cursor=`),
 * so a page can be shared and reloaded; the cursors of the pages before it travel in the history
 * entry's state, so "Previous" can go back one page at a time and the back button simply
 * returns to the entry before. A page opened without that state (a shared link) can still go
 * back to the first page.
 */
export interface PageState {
  /** Cursors of the pages before the current one, oldest first; '' is the first page. */
  previousCursors: string[];
}

/** Reads the page state of a history entry; anything unexpected counts as "no earlier pages". */
export function readPageState(state: unknown): PageState {
  if (typeof state !== 'object' || state === null) return { previousCursors: [] };
  const list = (state as { previousCursors?: unknown }).previousCursors;
  if (!Array.isArray(list) || !list.every((c): c is string => typeof c === 'string')) return { previousCursors: [] };
  return { previousCursors: list };
}

/** Where "Next" goes: the next cursor, remembering the current page. */
export function nextPage(current: string | undefined, state: PageState, nextCursor: string) {
  return { cursor: nextCursor, state: { previousCursors: [...state.previousCursors, current ?? ''] } };
}

/**
 * Where "Previous" goes, or null on the first page. Without remembered pages (a shared link to a
 * later page) it goes to the first page.
 */
export function previousPage(current: string | undefined, state: PageState) {
  if (current === undefined) return null;
  const earlier = state.previousCursors.slice(0, -1);
  const cursor = state.previousCursors.at(-1) ?? '';
  return { cursor: cursor === '' ? undefined : cursor, state: { previousCursors: earlier } };
}

/** The 1-based page number, when it is known. */
export function pageNumber(current: string | undefined, state: PageState): number | null {
  if (current === undefined) return 1;
  return state.previousCursors.length > 0 ? state.previousCursors.length + 1 : null;
}

/** A page the pager can link to directly: its number, cursor and history state. */
export interface KnownPage {
  page: number;
  cursor: string | undefined;
  state: PageState;
}

/**
 * The pages before the current one that the pager links to by number: the first and the two
 * just before the current one (their cursors are in the history entry's state; a cursor API
 * cannot jump further). A page opened without that state (a shared link) knows only the first.
 */
export function knownPages(current: string | undefined, state: PageState): KnownPage[] {
  if (current === undefined) return [];
  const cursors = state.previousCursors;
  if (cursors.length === 0) return [{ page: 1, cursor: undefined, state: { previousCursors: [] } }];
  const pages: KnownPage[] = [];
  cursors.forEach((cursor, index) => {
    const page = index + 1;
    if (page === 1 || page >= cursors.length - 1) {
      pages.push({
        page,
        cursor: cursor === '' ? undefined : cursor,
        state: { previousCursors: cursors.slice(0, index) },
      });
    }
  });
  return pages;
}
