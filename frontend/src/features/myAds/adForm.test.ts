import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@/contract/schema.gen';
import {
  adFormSchema,
  EMPTY_AD_FORM,
  formValuesOf,
  parseCity,
  parsePriceRp,
  priceInputText,
  serverAdFieldErrors,
  toProductInput,
  type AdFormValues,
} from '@/features/myAds/adForm';
import { myAdDetail } from '@/testing/myAds';

const VALID: AdFormValues = {
  ...EMPTY_AD_FORM,
  title: 'Parquet chêne 40 m²',
  categorySlug: 'tiles-flooring',
  description: 'Parquet en chêne massif, jamais posé.',
  condition: 'new',
  price: "1'250.50",
  discount: '10',
  quantityAmount: '40',
  quantityUnit: 'm2',
  city: '1201 Genève',
};

function errorsOf(values: AdFormValues): Record<string, string> {
  const result = adFormSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}

describe('parsePriceRp', () => {
  it.each([
    ['1250', 125000],
    ['1250.5', 125050],
    ['12.50', 1250],
    ['12,05', 1205],
    ["1'250.50", 125050],
    ['1’250', 125000],
    ['1 250,00', 125000],
    ['CHF 19.90', 1990],
    ['0.10', 10],
    ['0', 0],
  ])('%s -> %d Rappen', (text, rappen) => {
    expect(parsePriceRp(text)).toBe(rappen);
  });

  it.each(['', 'abc', '12.345', '-5', '1.2.3', '12.'])('%s is not a price', (text) => {
    expect(parsePriceRp(text)).toBeNull();
  });

  it('writes Rappen back without losing a cent', () => {
    expect(priceInputText(125050)).toBe('1250.50');
    expect(priceInputText(125000)).toBe('1250');
    expect(priceInputText(5)).toBe('0.05');
    expect(parsePriceRp(priceInputText(1999))).toBe(1999);
  });
});

describe('parseCity', () => {
  it('reads a postal code with or without a locality (and a suggestion canton)', () => {
    expect(parseCity('8001')).toEqual({ postalCode: '8001' });
    expect(parseCity(' 8001 Zürich ')).toEqual({ postalCode: '8001', locality: 'Zürich' });
    expect(parseCity('1201 Genève (GE)')).toEqual({ postalCode: '1201', locality: 'Genève' });
    expect(parseCity('6900 Lugano Paradiso')).toEqual({ postalCode: '6900', locality: 'Lugano Paradiso' });
  });

  it('needs a four-digit postal code first', () => {
    expect(parseCity('Zürich')).toBeNull();
    expect(parseCity('800 Zürich')).toBeNull();
    expect(parseCity('80012')).toBeNull();
  });
});

describe('adFormSchema', () => {
  it('accepts a complete ad', () => {
    expect(errorsOf(VALID)).toEqual({});
  });

  it('reports every missing field at once, cross-field rules included', () => {
    expect(errorsOf({ ...EMPTY_AD_FORM, pickup: false })).toEqual({
      title: 'required',
      categorySlug: 'required',
      description: 'required',
      condition: 'required',
      price: 'required',
      pickupDelivery: 'pickup_or_delivery',
      city: 'required',
    });
  });

  it('checks lengths, price, discount, quantity and location', () => {
    expect(
      errorsOf({
        ...VALID,
        title: 'ab',
        brand: 'x'.repeat(61),
        description: 'too short',
        price: '12.345',
        discount: '100',
        quantityAmount: '0',
        city: 'Zürich',
      }),
    ).toEqual({
      title: 'too_short',
      brand: 'too_long',
      description: 'too_short',
      price: 'price_format',
      discount: 'discount_range',
      quantityAmount: 'quantity_range',
      city: 'city_format',
    });
    expect(errorsOf({ ...VALID, price: '0' })).toEqual({ price: 'price_range' });
    expect(errorsOf({ ...VALID, price: '1000000.01' })).toEqual({ price: 'price_range' });
    expect(errorsOf({ ...VALID, discount: '-1' })).toEqual({ discount: 'discount_range' });
    expect(errorsOf({ ...VALID, discount: '99' })).toEqual({});
    expect(errorsOf({ ...VALID, locationKind: 'canton', canton: '' })).toEqual({ canton: 'required' });
    expect(errorsOf({ ...VALID, locationKind: 'canton', canton: 'XX' })).toEqual({ canton: 'required' });
    expect(errorsOf({ ...VALID, locationKind: 'canton', canton: 'VS', city: '' })).toEqual({});
  });

  it('needs neither price nor discount for a give-away', () => {
    expect(errorsOf({ ...VALID, free: true, price: '', discount: '120' })).toEqual({});
  });
});

describe('toProductInput', () => {
  function input(values: AdFormValues) {
    const parsed = adFormSchema.safeParse(values);
    if (!parsed.success) throw new Error('invalid');
    return toProductInput(parsed.data);
  }

  it('builds the request body in Rappen with a city location', () => {
    expect(input({ ...VALID, title: '  Parquet chêne 40 m²  ', quantityAmount: '2,5' })).toEqual({
      title: 'Parquet chêne 40 m²',
      categorySlug: 'tiles-flooring',
      brand: '',
      description: 'Parquet en chêne massif, jamais posé.',
      priceRp: 125050,
      discountPct: 10,
      condition: 'new',
      quantity: { amount: 2.5, unit: 'm2' },
      pickup: true,
      delivery: false,
      location: { kind: 'city', postalCode: '1201', locality: 'Genève' },
    });
  });

  it('sends a give-away as price 0 without discount, and a canton location', () => {
    const body = input({ ...VALID, free: true, locationKind: 'canton', canton: 'TI', delivery: true });
    expect(body.priceRp).toBe(0);
    expect(body.discountPct).toBe(0);
    expect(body.location).toEqual({ kind: 'canton', canton: 'TI' });
    expect(body.delivery).toBe(true);
  });
});

describe('formValuesOf', () => {
  it('fills the form with a saved ad (round trip)', () => {
    const ad = myAdDetail() as unknown as ProductDetail;
    const values = formValuesOf(ad);
    expect(values).toMatchObject({
      price: '1250',
      free: false,
      discount: '10',
      city: '1201 Genève',
      quantityAmount: '40',
    });
    const parsed = adFormSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    if (parsed.success) expect(toProductInput(parsed.data).priceRp).toBe(ad.priceRp);
  });

  it('shows a give-away and a canton ad', () => {
    const ad = myAdDetail({
      priceRp: 0,
      discountPct: 0,
      location: { kind: 'canton', canton: 'ZH', lat: 47.4, lon: 8.6 },
    }) as unknown as ProductDetail;
    expect(formValuesOf(ad)).toMatchObject({ free: true, price: '', locationKind: 'canton', canton: 'ZH', city: '' });
  });
});

describe('serverAdFieldErrors', () => {
  it('maps the API field names onto the form', () => {
    expect(
      serverAdFieldErrors(
        {
          title: 'too_long',
          priceRp: 'out_of_range',
          discountPct: 'out_of_range',
          'quantity.amount': 'out_of_range',
          delivery: 'required',
          'location.postalCode': 'unknown_locality',
          categorySlug: 'unknown_category',
          sellerId: 'invalid',
        },
        'city',
      ),
    ).toEqual({
      title: 'too_long',
      price: 'out_of_range',
      discount: 'out_of_range',
      quantityAmount: 'out_of_range',
      pickupDelivery: 'required',
      city: 'unknown_locality',
      categorySlug: 'unknown_category',
    });
    expect(serverAdFieldErrors({ 'location.canton': 'unknown_canton' }, 'canton')).toEqual({
      canton: 'unknown_canton',
    });
    expect(serverAdFieldErrors(undefined, 'city')).toEqual({});
  });
});
