import { describe, expect, it } from 'vitest';
import { formatDistance, formatMonth } from '@/features/catalogue/format';
import { formatNumber, formatPercent } from '@/lib/number';
import { LANGUAGES } from '@/lib/languages';

describe('catalogue numbers, one Swiss form in every language', () => {
  it.each<[number, number | undefined, string]>([
    [0, undefined, '0'],
    [12.5, undefined, '12.5'],
    [1250.5, undefined, '1’250.5'],
    [1000000, undefined, '1’000’000'],
    [2.005, 1, '2'],
    [9.96, 1, '10'],
    [-1250.25, undefined, '-1’250.25'],
    [-0.001, undefined, '0'],
    [Number.NaN, undefined, ''],
  ])('formatNumber(%d, %s) is %s', (value, digits, want) => {
    expect(formatNumber(value, digits)).toBe(want);
  });

  it.each<[number, string]>([
    [4, '4.0'],
    [4.5, '4.5'],
    [4.96, '5.0'],
    [4.04, '4.0'],
  ])('formatNumber(%d, 1, 1) is %s (a rating)', (value, want) => {
    expect(formatNumber(value, 1, 1)).toBe(want);
  });

  it.each<[number, string]>([
    [0.4, '0.4 km'],
    [3.24, '3.2 km'],
    [9.94, '9.9 km'],
    [12.4, '12 km'],
    [1250, '1’250 km'],
  ])('formatDistance(%d) is %s', (km, want) => {
    for (const lang of LANGUAGES) expect(formatDistance(km, lang)).toBe(want);
  });

  it('writes discounts and months the same in every language', () => {
    for (const lang of LANGUAGES) {
      expect(formatPercent(20, lang)).toBe('20\u00a0%');
      expect(formatPercent(-25, lang)).toBe('-25\u00a0%');
      expect(formatMonth('2025-03-05T10:00:00Z', lang)).toBe('03.2025');
    }
  });
});
