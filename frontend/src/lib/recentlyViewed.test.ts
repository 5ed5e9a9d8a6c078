import { describe, expect, it } from 'vitest';
import { addRecentlyViewed, forgetRecentlyViewed, readRecentlyViewed, RECENTLY_VIEWED_MAX } from '@/lib/recentlyViewed';

describe('recently viewed ads', () => {
  it('starts empty', () => {
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('keeps the newest first, without duplicates', () => {
    addRecentlyViewed('A1');
    addRecentlyViewed('B2');
    addRecentlyViewed('A1');
    expect(readRecentlyViewed()).toEqual(['A1', 'B2']);
  });

  it(`keeps at most ${RECENTLY_VIEWED_MAX}`, () => {
    for (let i = 0; i < 20; i++) addRecentlyViewed(`AD${i}`);
    const ids = readRecentlyViewed();
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids[0]).toBe('AD19');
    expect(ids.at(-1)).toBe('AD8');
  });

  it('ignores what is not an ad id, and unreadable storage', () => {
    addRecentlyViewed('../etc');
    expect(readRecentlyViewed()).toEqual([]);
    window.localStorage.setItem('remat.recentlyViewed', '{oops');
    expect(readRecentlyViewed()).toEqual([]);
    window.localStorage.setItem('remat.recentlyViewed', JSON.stringify(['OK1', 42, 'x y', 'OK2']));
    expect(readRecentlyViewed()).toEqual(['OK1', 'OK2']);
  });

  it('forgets ads the server no longer lists', () => {
    addRecentlyViewed('C3');
    addRecentlyViewed('B2');
    addRecentlyViewed('A1');
    forgetRecentlyViewed(['B2']);
    expect(readRecentlyViewed()).toEqual(['A1', 'C3']);
  });
});
