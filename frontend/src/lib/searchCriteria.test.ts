import { describe, expect, it } from 'vitest';
import {
  criteriaToSearchParams,
  cursorFromSearchParams,
  hasFilters,
  normalizeCriteria,
  searchParamsToCriteria,
  type SearchCriteria,
} from '@/lib/searchCriteria';
import { decodeSearchToken, encodeSearchToken } from '@/lib/searchToken';

const FULL: SearchCriteria = {
  q: 'tuiles terre cuite',
  category: 'roofing',
  brand: 'Gasser',
  condition: 'used',
  maxPrice: 99.5,
  location: '1201',
  radiusKm: 10,
  canton: 'GE',
  sort: 'price_asc',
};

describe('search criteria in the URL', () => {
  it('round-trips every criterion through query parameters, in a fixed order', () => {
    const params = criteriaToSearchParams(FULL);
    expect(params.toString()).toBe(
      'q=tuiles+terre+cuite&category=roofing&brand=Gasser&condition=used&maxPrice=99.5&location=1201&radius=10&canton=GE&sort=price_asc',
    );
    expect(searchParamsToCriteria(params)).toEqual(FULL);
  });

  it('round-trips every criterion through a token', () => {
    expect(decodeSearchToken(encodeSearchToken(FULL))).toEqual(FULL);
  });

  it('keeps tokens made before text, canton and sort existed', () => {
    expect(decodeSearchToken('eyJjYXRlZ29yeSI6ImFsbCJ9')).toEqual({ category: 'all' });
    expect(encodeSearchToken({ category: 'all', sort: 'newest' })).toBe('eyJjYXRlZ29yeSI6ImFsbCJ9');
  });

  it('leaves out the default sort and collapses spaces in text', () => {
    expect(normalizeCriteria({ sort: 'newest', q: '  tuiles   rouges ' })).toEqual({ q: 'tuiles rouges' });
  });

  it('sorts nearest first only around a place', () => {
    expect(searchParamsToCriteria(new URLSearchParams('location=8001&sort=distance'))).toEqual({
      location: '8001',
      sort: 'distance',
    });
    expect(normalizeCriteria({ q: 'bois', sort: 'distance' })).toEqual({ q: 'bois' });
  });

  it('drops unknown sorts and cantons, reads canton codes in any case, bounds the radius', () => {
    expect(searchParamsToCriteria(new URLSearchParams('sort=cheapest&canton=XX&radius=500'))).toEqual({});
    expect(searchParamsToCriteria(new URLSearchParams('canton=vd&radius=200'))).toEqual({
      canton: 'VD',
      radiusKm: 200,
    });
  });

  it('puts the page cursor last and reads it back, refusing anything that is not a cursor', () => {
    const params = criteriaToSearchParams({ category: 'tools' }, 'abc.DEF_12-3');
    expect(params.toString()).toBe('category=tools&cursor=abc.DEF_12-3');
    expect(cursorFromSearchParams(params)).toBe('abc.DEF_12-3');
    expect(cursorFromSearchParams(new URLSearchParams('cursor=<script>'))).toBeUndefined();
    expect(criteriaToSearchParams({}, 'a b').toString()).toBe('');
  });

  it('does not make the cursor part of a search', () => {
    expect(searchParamsToCriteria(new URLSearchParams('category=tools&cursor=abc'))).toEqual({ category: 'tools' });
  });

  it('tells whether a search filters anything ("all" categories and the sort do not)', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ category: 'all', sort: 'price_desc' })).toBe(false);
    expect(hasFilters({ q: 'ziegel' })).toBe(true);
  });
});
