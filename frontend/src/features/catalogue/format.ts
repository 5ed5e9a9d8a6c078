import type { TFunction } from 'i18next';
import type { Quantity } from '@/contract/schema.gen';
import { cantonName } from '@/features/catalogue/cantons';
import { formatMonthYear } from '@/lib/dateTime';
import type { Language } from '@/lib/languages';
import { formatNumber } from '@/lib/number';

/** SI symbols are written the same in every language; pieces and pallets are words (translated). */
const UNIT_SYMBOLS = { m: 'm', m2: 'm²', m3: 'm³', kg: 'kg', t: 't' } as const;

/** "12 m²", "3 pallets", "1 piece". */
export function formatQuantity(quantity: Quantity, _lang: Language, t: TFunction<'catalogue'>): string {
  const amount = formatNumber(quantity.amount);
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

/** "3.2 km" / "12 km": one decimal under 10 km; the same in every language. */
export const formatDistance: (km: number, lang?: Language) => string = (km) => {
  return `${formatNumber(km, km < 10 ? 1 : 0)} km`;
};

/** "11.2025": the month a seller joined, in the one Swiss date form. */
export const formatMonth: (iso: string, lang?: Language) => string = (iso) => formatMonthYear(iso);

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
