import { describe, expect, it } from 'vitest';
import { knownPages, nextPage, pageNumber, previousPage, readPageState } from '@/features/catalogue/pagination';

describe('cursor paging', () => {
  it('walks forward and back through a stack of cursors', () => {
    const first = readPageState(null);
    expect(pageNumber(undefined, first)).toBe(1);
    expect(previousPage(undefined, first)).toBeNull();

    const second = nextPage(undefined, first, 'c2');
    expect(second).toEqual({ cursor: 'c2', state: { previousCursors: [''] } });
    expect(pageNumber(second.cursor, second.state)).toBe(2);

    const third = nextPage(second.cursor, second.state, 'c3');
    expect(third).toEqual({ cursor: 'c3', state: { previousCursors: ['', 'c2'] } });
    expect(pageNumber(third.cursor, third.state)).toBe(3);

    const back = previousPage(third.cursor, third.state);
    expect(back).toEqual({ cursor: 'c2', state: { previousCursors: [''] } });
    const backAgain = back && previousPage(back.cursor, back.state);
    expect(backAgain).toEqual({ cursor: undefined, state: { previousCursors: [] } });
  });

  it('goes back to the first page from a shared link to a later page', () => {
    const state = readPageState(undefined);
    expect(pageNumber('c5', state)).toBeNull();
    expect(previousPage('c5', state)).toEqual({ cursor: undefined, state: { previousCursors: [] } });
  });

  it('ignores history state it did not write', () => {
    expect(readPageState({ previousCursors: [1, 2] })).toEqual({ previousCursors: [] });
    expect(readPageState('x')).toEqual({ previousCursors: [] });
  });
});

describe('knownPages', () => {
  it.each([
    ['the first page', undefined, [], []],
    ['a shared link to a later page', 'c9', [], [1]],
    ['page 2', 'c2', [''], [1]],
    ['page 4', 'c4', ['', 'c2', 'c3'], [1, 2, 3]],
    ['page 7', 'c7', ['', 'c2', 'c3', 'c4', 'c5', 'c6'], [1, 5, 6]],
  ])('%s', (_name, current, previousCursors, want) => {
    expect(knownPages(current, { previousCursors }).map((p) => p.page)).toEqual(want);
  });

  it('opens each page with its cursor and the cursors before it', () => {
    const pages = knownPages('c4', { previousCursors: ['', 'c2', 'c3'] });
    expect(pages.map(({ cursor, state }) => ({ cursor, state }))).toEqual([
      { cursor: undefined, state: { previousCursors: [] } },
      { cursor: 'c2', state: { previousCursors: [''] } },
      { cursor: 'c3', state: { previousCursors: ['', 'c2'] } },
    ]);
  });
});
