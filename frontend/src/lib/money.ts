import type { Language } from '@/lib/languages';

/**
 * The one Swiss money format, the same in every language and browser: "CHF 1’520.50".
 * Money arrives as integer Rappen (`…Rp`); francs and Rappen are split with integer arithmetic,
 * never through a float, and the francs are grouped by three with the Swiss apostrophe (’).
 * A no-break space keeps the currency on the amount's line; a negative amount reads
 * "CHF -29.00". Intl is not used: its output follows the browser's ICU data (fr-CH
 * writes "1 520.50 CHF", Chromium has no Albanian data). Amounts, VAT and totals are the
 * server's (billing.QuoteOrder); the SPA only formats them. The language is accepted so that every
 * call site reads alike (format(value, lang)); the output never depends on it.
 */
export const formatMoney: (amountRp: number, currency?: string, lang?: Language) => string = (
  amountRp,
  currency = 'CHF',
) => {
  if (!Number.isFinite(amountRp)) return '';
  const rp = Math.trunc(amountRp);
  const abs = Math.abs(rp);
  const francs = Math.floor(abs / 100);
  const rappen = abs % 100;
  const sign = rp < 0 ? '-' : '';
  return `${currency}\u00a0${sign}${groupThousands(String(francs))}.${String(rappen).padStart(2, '0')}`;
};

/** Groups a string of digits by three from the right with the Swiss apostrophe: "1’234’567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '’');
}

/**
 * A VAT rate the server sent in basis points, as a number with a decimal point and no trailing
 * zeros: 810 → "8.1", 800 → "8", 825 → "8.25". The texts add the sign ("VAT {{rate}} %"), so
 * every language reads "8.1 %".
 */
export const formatRate: (rateBp: number, lang?: Language) => string = (rateBp) => {
  const bp = Math.trunc(rateBp);
  const abs = Math.abs(bp);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const whole = `${bp < 0 ? '-' : ''}${Math.floor(abs / 100)}`;
  return fraction ? `${whole}.${fraction}` : whole;
};

/** Dates live in dateTime.ts; re-exported here for the pages that format money and dates together. */
export { formatDate } from '@/lib/dateTime';
