import type { Language } from '@/lib/languages';
import { groupThousands } from '@/lib/money';

/**
 * A number the one Swiss way in every language: "1’250.5" (apostrophe groups, decimal point, at
 * most `maximumFractionDigits` decimals, trailing zeros dropped down to `minimumFractionDigits`).
 * Not Intl: its output follows the browser's ICU data (fr writes "1 250,5", and Chromium has no
 * Albanian data at all).
 */
export function formatNumber(value: number, maximumFractionDigits = 2, minimumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return '';
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(maximumFractionDigits).split('.');
  const significant = fraction.replace(/0+$/, '');
  const decimals = significant.padEnd(Math.min(minimumFractionDigits, fraction.length), '0');
  const sign = value < 0 && /[1-9]/.test(whole + significant) ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `.${decimals}` : ''}`;
}

/** A percentage as "20 %" ("-25 %" for a reduction) in every language: whole percent, no-break space. */
export const formatPercent: (pct: number, lang?: Language) => string = (pct) => {
  return `${formatNumber(pct, 0)}\u00a0%`;
};
