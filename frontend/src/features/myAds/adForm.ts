import * as z from 'zod/mini';
import { CONDITIONS, QUANTITY_UNITS } from '@/contract/enums.gen';
import * as limits from '@/contract/limits.gen';
import type { ProductDetail, ProductInput } from '@/contract/schema.gen';
import { isCantonCode } from '@/features/myAds/cantons';

type Condition = ProductInput['condition'];
type QuantityUnit = ProductInput['quantity']['unit'];

const INPUT = limits.ProductInput;

/** Bounds of ProductInput (docs/openapi.yaml), checked here first and again by the server. */
export const AD_LIMITS = {
  titleMin: INPUT.title.minLength,
  titleMax: INPUT.title.maxLength,
  brandMax: INPUT.brand.maxLength,
  descriptionMin: INPUT.description.minLength,
  descriptionMax: INPUT.description.maxLength,
  maxPriceRp: INPUT.priceRp.maximum,
  maxDiscount: INPUT.discountPct.maximum,
  maxQuantity: INPUT.quantity.amount.maximum,
} as const;

/** The ad form's fields, in form order (the first invalid one gets the focus). */
export const AD_FIELDS = [
  'title',
  'categorySlug',
  'brand',
  'description',
  'condition',
  'price',
  'discount',
  'quantityAmount',
  'quantityUnit',
  'pickupDelivery',
  'city',
  'canton',
] as const;
export type AdField = (typeof AD_FIELDS)[number];

export type LocationKind = 'city' | 'canton';

/** What the inputs hold (text as typed). */
export interface AdFormValues {
  title: string;
  categorySlug: string;
  brand: string;
  description: string;
  condition: Condition | '';
  price: string;
  free: boolean;
  discount: string;
  quantityAmount: string;
  quantityUnit: QuantityUnit;
  pickup: boolean;
  delivery: boolean;
  locationKind: LocationKind;
  city: string;
  canton: string;
}

export const EMPTY_AD_FORM: AdFormValues = {
  title: '',
  categorySlug: '',
  brand: '',
  description: '',
  condition: '',
  price: '',
  free: false,
  discount: '0',
  quantityAmount: '1',
  quantityUnit: 'pieces',
  pickup: true,
  delivery: false,
  locationKind: 'city',
  city: '',
  canton: '',
};

/**
 * A CHF amount as typed ("1250", "1'250.50", "1 250,5", "CHF 12.50") in Rappen, or null when it
 * is not an amount. Parsed from the text, never through a float, so 0.1 + 0.2 cannot drift.
 */
export function parsePriceRp(text: string): number | null {
  const compact = text.replace(/CHF/gi, '').replace(/[\s'’\u00a0\u202f]/g, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Rappen as the price input shows them ("1250", "12.50"). */
export function priceInputText(priceRp: number): string {
  const whole = Math.floor(priceRp / 100);
  const cents = priceRp % 100;
  return cents === 0 ? String(whole) : `${String(whole)}.${String(cents).padStart(2, '0')}`;
}

/** A positive decimal quantity ("2.5" or "2,5"), or null. */
export function parseQuantity(text: string): number | null {
  const compact = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(compact)) return null;
  return Number(compact);
}

/**
 * "8001 Zürich" or "8001" or "8001 Zürich (ZH)" (a suggestion) -> postal code and locality.
 * A Swiss postal code has four digits.
 */
export function parseCity(text: string): { postalCode: string; locality?: string } | null {
  const match = /^(\d{4})(?:\s+(.+?))?(?:\s*\([A-Z]{2}\))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const locality = match[2]?.trim();
  return locality ? { postalCode: match[1], locality } : { postalCode: match[1] };
}

/** The text of a locality suggestion; parseCity reads it back. */
export function cityText(postalCode: string, locality?: string): string {
  return locality ? `${postalCode} ${locality}` : postalCode;
}

/**
 * Error codes: the server's field codes (`required`, `too_long`, …, translated in `errors`) plus
 * the form's own, more precise ones (translated in `myAds:form.errors`).
 */
const REQUIRED = 'required';
const TOO_SHORT = 'too_short';
const TOO_LONG = 'too_long';
export const FORM_ERROR_CODES = [
  'price_format',
  'price_range',
  'discount_range',
  'quantity_range',
  'pickup_or_delivery',
  'city_format',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];

const text = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(1, REQUIRED), z.minLength(min, TOO_SHORT), z.maxLength(max, TOO_LONG));

function issue(ctx: { issues: unknown[] }, path: AdField, message: string, input: unknown) {
  ctx.issues.push({ code: 'custom', message, path: [path], input });
}

/** Runs the cross-field rules even when a field failed, so every error shows at once. */
const WHOLE_FORM = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The ad form: field checks, then the rules that join fields (free price, pickup/delivery, location). */
export const adFormSchema = z
  .object({
    title: text(AD_LIMITS.titleMin, AD_LIMITS.titleMax),
    categorySlug: z.string().check(z.minLength(1, REQUIRED)),
    brand: z.string().check(z.trim(), z.maxLength(AD_LIMITS.brandMax, TOO_LONG)),
    description: text(AD_LIMITS.descriptionMin, AD_LIMITS.descriptionMax),
    condition: z.enum(CONDITIONS, REQUIRED),
    price: z.string(),
    free: z.boolean(),
    discount: z.string(),
    quantityAmount: z.string(),
    quantityUnit: z.enum(QUANTITY_UNITS, REQUIRED),
    pickup: z.boolean(),
    delivery: z.boolean(),
    locationKind: z.enum(['city', 'canton']),
    city: z.string(),
    canton: z.string(),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.free) {
        const priceRp = parsePriceRp(value.price);
        if (value.price.trim() === '') issue(ctx, 'price', REQUIRED, value.price);
        else if (priceRp === null) issue(ctx, 'price', 'price_format', value.price);
        else if (priceRp <= 0 || priceRp > AD_LIMITS.maxPriceRp) issue(ctx, 'price', 'price_range', value.price);

        const discount = value.discount.trim();
        if (discount !== '' && !(/^\d{1,2}$/.test(discount) && Number(discount) <= AD_LIMITS.maxDiscount))
          issue(ctx, 'discount', 'discount_range', value.discount);
      }

      const amount = value.quantityAmount.trim();
      const quantity = parseQuantity(amount);
      if (amount === '') issue(ctx, 'quantityAmount', REQUIRED, amount);
      else if (quantity === null || quantity <= 0 || quantity > AD_LIMITS.maxQuantity)
        issue(ctx, 'quantityAmount', 'quantity_range', amount);

      if (!value.pickup && !value.delivery) issue(ctx, 'pickupDelivery', 'pickup_or_delivery', false);

      if (value.locationKind === 'city') {
        if (value.city.trim() === '') issue(ctx, 'city', REQUIRED, value.city);
        else if (parseCity(value.city) === null) issue(ctx, 'city', 'city_format', value.city);
      } else if (!isCantonCode(value.canton)) {
        issue(ctx, 'canton', REQUIRED, value.canton);
      }
    }, WHOLE_FORM),
  );

export type ParsedAdForm = z.infer<typeof adFormSchema>;

/** The request body for valid form values (run adFormSchema first). */
export function toProductInput(values: ParsedAdForm): ProductInput {
  const priceRp = values.free ? 0 : (parsePriceRp(values.price) ?? 0);
  const discount = values.discount.trim();
  const city = parseCity(values.city);
  return {
    title: values.title,
    categorySlug: values.categorySlug,
    brand: values.brand,
    description: values.description,
    priceRp,
    discountPct: priceRp === 0 || discount === '' ? 0 : Number(discount),
    condition: values.condition,
    quantity: { amount: parseQuantity(values.quantityAmount) ?? 0, unit: values.quantityUnit },
    pickup: values.pickup,
    delivery: values.delivery,
    location:
      values.locationKind === 'city' && city !== null
        ? { kind: 'city', ...city }
        : { kind: 'canton', canton: values.canton },
  };
}

/** The form filled with a saved ad, for editing. */
export function formValuesOf(ad: ProductDetail): AdFormValues {
  const free = ad.priceRp === 0;
  return {
    title: ad.title,
    categorySlug: ad.categorySlug,
    brand: ad.brand,
    description: ad.description,
    condition: ad.condition,
    price: free ? '' : priceInputText(ad.priceRp),
    free,
    discount: String(ad.discountPct),
    quantityAmount: String(ad.quantity.amount),
    quantityUnit: ad.quantity.unit,
    pickup: ad.pickup,
    delivery: ad.delivery,
    locationKind: ad.location.kind,
    city: ad.location.kind === 'city' ? cityText(ad.location.postalCode ?? '', ad.location.locality) : '',
    canton: ad.location.canton,
  };
}

/**
 * The server's field errors (`priceRp`, `quantity.amount`, `location.postalCode`, …) on the form's
 * fields; codes of fields the form does not show are dropped.
 */
export function serverAdFieldErrors(
  fields: Record<string, string> | undefined,
  locationKind: LocationKind,
): Partial<Record<AdField, string>> {
  const out: Partial<Record<AdField, string>> = {};
  for (const [key, code] of Object.entries(fields ?? {})) {
    const field = serverFieldName(key, locationKind);
    if (field !== null && out[field] === undefined) out[field] = code;
  }
  return out;
}

function serverFieldName(key: string, locationKind: LocationKind): AdField | null {
  switch (key) {
    case 'title':
    case 'categorySlug':
    case 'brand':
    case 'description':
    case 'condition':
      return key;
    case 'category':
      return 'categorySlug';
    case 'priceRp':
    case 'price':
      return 'price';
    case 'discountPct':
    case 'discount':
      return 'discount';
    case 'quantity':
    case 'quantity.amount':
      return 'quantityAmount';
    case 'quantity.unit':
      return 'quantityUnit';
    case 'pickup':
    case 'delivery':
      return 'pickupDelivery';
    case 'location.canton':
      return locationKind === 'canton' ? 'canton' : 'city';
    default:
      return key === 'location' || key.startsWith('location.') ? (locationKind === 'city' ? 'city' : 'canton') : null;
  }
}
