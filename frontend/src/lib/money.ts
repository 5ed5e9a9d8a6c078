import { INTL_LOCALES, type Language } from '@/lib/languages';

/**
 * Money arrives as integer Rappen (`…Rp`). It is formatted with the language's Swiss conventions
 * (de-CH: "CHF 1’234.50"); the integer is never rounded or recomputed as a float sum. Amounts,
 * VAT and totals are the server's (billing.QuoteOrder); the SPA only formats them.
 */
export function formatMoney(amountRp: number, currency: string, lang: Language): string {
  const negative = amountRp < 0;
  const abs = Math.abs(Math.trunc(amountRp));
  // Build the decimal from the integer so 0.1 + 0.2 style drift can never show.
  const value = Number(`${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
  const text = new Intl.NumberFormat(INTL_LOCALES[lang], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(negative ? -value : value);
  // Some ICU builds group Swiss thousands with a plain apostrophe; Swiss typography uses ’.
  return text.replace(/'/g, '’');
}

/** A VAT rate the server sent in basis points, as the language writes the percentage ("8.1" / "8,1"). */
export function formatRate(rateBp: number, lang: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], { maximumFractionDigits: 2 }).format(rateBp / 100);
}

/** A date (ISO string) in the language's Swiss convention (22.11.2026). */
export function formatDate(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    date,
  );
}
