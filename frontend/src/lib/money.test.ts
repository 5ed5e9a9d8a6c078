import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRate, groupThousands } from '@/lib/money';
import { LANGUAGES } from '@/lib/languages';

describe('formatMoney', () => {
  it.each<[string, number, string, string]>([
    ['zero', 0, 'CHF', 'CHF\u00a00.00'],
    ['five Rappen', 5, 'CHF', 'CHF\u00a00.05'],
    ['a franc', 100, 'CHF', 'CHF\u00a01.00'],
    ['no grouping under a thousand', 99_999, 'CHF', 'CHF\u00a0999.99'],
    ['grouped thousands', 152_050, 'CHF', 'CHF\u00a01’520.50'],
    ['grouped millions', 123_456_789_00, 'CHF', 'CHF\u00a0123’456’789.00'],
    ['the largest exact integer', Number.MAX_SAFE_INTEGER, 'CHF', 'CHF\u00a090’071’992’547’409.91'],
    ['a negative amount', -2_900, 'CHF', 'CHF\u00a0-29.00'],
    ['a negative grouped amount', -152_050, 'CHF', 'CHF\u00a0-1’520.50'],
    ['a fractional Rappen input is truncated, not rounded through floats', 152_050.9, 'CHF', 'CHF\u00a01’520.50'],
    ['another currency', 1_000_000, 'EUR', 'EUR\u00a010’000.00'],
    ['not a number', Number.NaN, 'CHF', ''],
  ])('%s', (_name, rp, currency, want) => {
    expect(formatMoney(rp, currency)).toBe(want);
  });

  it.each(LANGUAGES)('is the same in %s', (lang) => {
    expect(formatMoney(152_050, 'CHF', lang)).toBe('CHF\u00a01’520.50');
  });

  it('defaults to francs', () => {
    expect(formatMoney(1_990)).toBe('CHF\u00a019.90');
  });
});

describe('groupThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1’000'],
    ['1234567', '1’234’567'],
  ])('%s → %s', (digits, want) => {
    expect(groupThousands(digits)).toBe(want);
  });
});

describe('formatRate', () => {
  it.each<[number, string]>([
    [810, '8.1'],
    [770, '7.7'],
    [800, '8'],
    [825, '8.25'],
    [250, '2.5'],
    [0, '0'],
    [5, '0.05'],
  ])('%i bp → %s', (bp, want) => {
    for (const lang of LANGUAGES) expect(formatRate(bp, lang)).toBe(want);
  });
});

describe('formatDate (re-exported for money pages)', () => {
  it('writes the Swiss day', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'de')).toBe('22.11.2026');
    expect(formatDate('nonsense', 'de')).toBe('');
  });
});
