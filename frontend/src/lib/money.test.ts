import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRate, rateToBasisPoints, vatRp } from '@/lib/money';

/** Intl uses narrow no-break spaces in some locales; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('formats Rappen with Swiss conventions', () => {
    expect(plain(formatMoney(123450, 'CHF', 'de'))).toBe('CHF 1’234.50');
    expect(plain(formatMoney(123450, 'CHF', 'en'))).toBe('CHF 1’234.50');
    expect(plain(formatMoney(123450, 'CHF', 'fr'))).toMatch(/^1 234[.,]50 CHF$/);
    expect(plain(formatMoney(12345600, 'CHF', 'it'))).toMatch(/123’456\.00/);
    expect(plain(formatMoney(0, 'CHF', 'de'))).toBe('CHF 0.00');
    expect(plain(formatMoney(5, 'CHF', 'de'))).toBe('CHF 0.05');
    expect(plain(formatMoney(-2900, 'CHF', 'de'))).toMatch(/^[-−]\s?CHF\s?29\.00$|^CHF[-−]29\.00$/);
  });

  it.each([
    [29000, 810, 2349],
    [3900, 810, 316],
    [1900, 810, 154],
    [100, 810, 8],
    [50, 810, 4], // 4.05 -> 4
    [6173, 810, 500], // 500.013 -> 500
    [1000, 810, 81],
    [185, 810, 15], // 14.985 -> 15 (half-up)
  ])('VAT of %i Rp at %i bp is %i Rp', (net, bp, vat) => {
    expect(vatRp(net, bp)).toBe(vat);
  });

  it('reads and writes VAT rates', () => {
    expect(rateToBasisPoints('8.1')).toBe(810);
    expect(rateToBasisPoints('7.7')).toBe(770);
    expect(rateToBasisPoints('8')).toBe(800);
    expect(formatRate(810, 'de')).toBe('8.1');
    expect(formatRate(810, 'fr')).toBe('8,1');
  });

  it('formats dates', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'de')).toBe('22.11.2026');
    expect(formatDate('nonsense', 'de')).toBe('');
  });
});
