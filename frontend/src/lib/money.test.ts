import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRate } from '@/lib/money';

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

  it('writes VAT rates', () => {
    expect(formatRate(810, 'de')).toBe('8.1');
    expect(formatRate(810, 'fr')).toBe('8,1');
    expect(formatRate(770, 'en')).toBe('7.7');
    expect(formatRate(800, 'it')).toBe('8');
  });

  it('formats dates', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'de')).toBe('22.11.2026');
    expect(formatDate('nonsense', 'de')).toBe('');
  });
});
