import { describe, expect, it } from 'vitest';
import { criteriaToSearchParams, searchParamsToCriteria } from '@/lib/searchCriteria';
import { decodeSearchToken, encodeSearchToken } from '@/lib/searchToken';

describe('encodeSearchToken', () => {
  it('is base64url of the JSON criteria', () => {
    expect(encodeSearchToken({ category: 'all' })).toBe('eyJjYXRlZ29yeSI6ImFsbCJ9');
  });

  it('gives one token per search, whatever the key order or empty values', () => {
    const a = encodeSearchToken({ maxPrice: 200, category: 'tools', brand: '' });
    const b = encodeSearchToken({ category: 'tools', maxPrice: 200 });
    expect(a).toBe(b);
  });

  it('uses only URL-safe characters, also for non-ASCII text', () => {
    const token = encodeSearchToken({ location: 'Zürich', brand: 'Hüppe ?/+' });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchToken(token)).toEqual({ brand: 'Hüppe ?/+', location: 'Zürich' });
  });
});

describe('decodeSearchToken', () => {
  it('round-trips full criteria', () => {
    const criteria = {
      category: 'machines',
      brand: 'Hilti',
      condition: 'used',
      maxPrice: 1500,
      location: '1003',
      radiusKm: 25,
    } as const;
    expect(decodeSearchToken(encodeSearchToken(criteria))).toEqual(criteria);
  });

  it.each(['not a token!', '%%%', 'eyJ', 'WzEsMl0', 'bnVsbA'])('rejects %s', (token) => {
    expect(decodeSearchToken(token)).toBeNull();
  });

  it('drops invalid fields instead of failing', () => {
    const token = btoa(JSON.stringify({ category: 'all', condition: 'broken', maxPrice: -3 })).replace(/=+$/, '');
    expect(decodeSearchToken(token)).toEqual({ category: 'all' });
  });
});

describe('search criteria as query parameters', () => {
  it('writes parameters in a stable order and skips empty ones', () => {
    const params = criteriaToSearchParams({ radiusKm: 10, location: ' Lausanne ', category: 'tools', brand: ' ' });
    expect(params.toString()).toBe('category=tools&location=Lausanne&radius=10');
  });

  it('reads them back, ignoring malformed values', () => {
    const params = new URLSearchParams('category=tools&maxPrice=abc&condition=new&radius=0&brand=Bosch');
    expect(searchParamsToCriteria(params)).toEqual({ category: 'tools', brand: 'Bosch', condition: 'new' });
  });
});
