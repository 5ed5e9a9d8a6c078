import type { TFunction } from 'i18next';
import type { Quantity } from '@/contract/schema.gen';
import { cantonName } from '@/features/catalogue/cantons';
import { INTL_LOCALES, type Language } from '@/lib/languages';

/** SI symbols are written the same in every language; pieces and pallets are words (translated). */
const UNIT_SYMBOLS = { m: 'm', m2: 'm²', m3: 'm³', kg: 'kg', t: 't' } as const;

/** A number the language's way (1’250.5 / 1 250,5). */
export function formatNumber(value: number, lang: Language, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], { maximumFractionDigits }).format(value).replace(/'/g, '’');
}

/** "12 m²", "3 pallets", "1 piece". */
export function formatQuantity(quantity: Quantity, lang: Language, t: TFunction<'catalogue'>): string {
  const amount = formatNumber(quantity.amount, lang);
  switch (quantity.unit) {
    case 'pieces':
      return t('units.pieces', { count: quantity.amount, amount });
    case 'pallet':
      return t('units.pallet', { count: quantity.amount, amount });
    default: {
      const symbol = (UNIT_SYMBOLS as Partial<Record<string, string>>)[quantity.unit];
      return symbol ? `${amount}\u00a0${symbol}` : amount;
    }
  }
}

/** "3.2 km" / "12 km": one decimal under 10 km. */
export function formatDistance(km: number, lang: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}

/** A discount as the language writes percentages ("20 %" / "20%"). */
export function formatPercent(pct: number, lang: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 }).format(pct / 100);
}

/** "November 2025": the month a seller joined. */
export function formatMonth(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { month: 'long', year: 'numeric' }).format(date);
}

/** A gazetteer locality as "8001 Zürich (ZH)". */
export function localityText(locality: { postalCode: string; name: string; canton: string }): string {
  return `${locality.postalCode} ${locality.name} (${locality.canton})`;
}

/** "8001 Zürich (ZH)", or the canton's name for an ad located by canton only. */
export function placeText(place: { postalCode?: string; locality?: string; canton?: string }, lang: Language): string {
  const town = [place.postalCode, place.locality].filter(Boolean).join(' ');
  if (town && place.canton) return `${town} (${place.canton})`;
  if (town) return town;
  return place.canton ? cantonName(place.canton, lang) : '';
}
