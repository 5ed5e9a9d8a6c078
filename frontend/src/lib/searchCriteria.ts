import { CONDITIONS, SORTS } from '@/contract/enums.gen';
import * as limits from '@/contract/limits.gen';

/** Item condition filter (CONDITIONS); absent means "new or used". */
export type Condition = (typeof CONDITIONS)[number];

/** Result orders (SORTS); absent means the default, newest first. */
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'newest';

/** Radius choices (km) offered for an area search. */
export const RADIUS_CHOICES_KM = [5, 10, 25, 50, 100] as const;

/** The radius the API applies when a location is given without one. */
export const DEFAULT_RADIUS_KM = 25;

/** The bounds of `GET /products`'s parameters (docs/openapi.yaml). */
const SEARCH = limits.searchProducts;

/** The 26 cantons by their official two-letter codes, in the federal order. */
export const CANTON_CODES = [
  'ZH',
  'BE',
  'LU',
  'UR',
  'SZ',
  'OW',
  'NW',
  'GL',
  'ZG',
  'FR',
  'SO',
  'BS',
  'BL',
  'SH',
  'AR',
  'AI',
  'SG',
  'GR',
  'AG',
  'TG',
  'TI',
  'VD',
  'VS',
  'NE',
  'GE',
  'JU',
] as const;
export type CantonCode = (typeof CANTON_CODES)[number];

/** The category value meaning "every category" (the mobile menu's Buy token carries it). */
export const ALL_CATEGORIES = 'all';

/**
 * What a catalogue search asks for. The home quick search and the product list write it as query
 * parameters; the mobile menu's Buy link writes it as a token (lib/searchToken.ts). Absent fields
 * mean "any". The page position (a cursor) is not part of a search: see `cursorFromSearchParams`.
 */
export interface SearchCriteria {
  /** Free text, matched against titles and brands. */
  q?: string;
  category?: string;
  brand?: string;
  condition?: Condition;
  /** Upper price bound in CHF. */
  maxPrice?: number;
  /** City name or Swiss postal code; absent means the whole country. */
  location?: string;
  radiusKm?: number;
  canton?: CantonCode;
  /** Absent means newest first. */
  sort?: Sort;
}

/**
 * Query parameter names, in the order they are written. The same names are the API's
 * (`GET /products`), so the list's URL and its request read alike.
 */
const PARAM_NAMES = {
  q: 'q',
  category: 'category',
  brand: 'brand',
  condition: 'condition',
  maxPrice: 'maxPrice',
  location: 'location',
  radiusKm: 'radius',
  canton: 'canton',
  sort: 'sort',
} as const satisfies Record<keyof SearchCriteria, string>;

/** The query parameter holding the current page's cursor. */
export const CURSOR_PARAM = 'cursor';

/** The longest text each filter may hold (the API refuses longer ones). */
export const TEXT_LIMITS = {
  q: SEARCH.q.maxLength,
  category: SEARCH.category.maxLength,
  brand: SEARCH.brand.maxLength,
  location: SEARCH.location.maxLength,
} as const;

/** Cursors are opaque and signed by the server; anything else is dropped before it is sent. */
const CURSOR_PATTERN = /^[A-Za-z0-9_.~=-]{1,2048}$/;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed !== '' && trimmed.length <= max ? trimmed : undefined;
}

function amount(value: unknown, { positive }: { positive: boolean }): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  return (positive ? n > 0 : n >= 0) ? n : undefined;
}

function oneOf<T extends string>(choices: readonly T[], value: unknown): T | undefined {
  return choices.find((choice) => choice === value);
}

/**
 * Normalises criteria from any source (a form, a token, query parameters): trims text, drops
 * empty or invalid values and the default sort, and writes the keys in one fixed order, so that
 * equal searches give equal URLs and tokens.
 */
export function normalizeCriteria(input: unknown): SearchCriteria {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const out: SearchCriteria = {};
  const q = text(raw.q, TEXT_LIMITS.q);
  if (q !== undefined) out.q = q;
  const category = text(raw.category, TEXT_LIMITS.category);
  if (category !== undefined) out.category = category;
  const brand = text(raw.brand, TEXT_LIMITS.brand);
  if (brand !== undefined) out.brand = brand;
  const condition = oneOf(CONDITIONS, raw.condition);
  if (condition !== undefined) out.condition = condition;
  const maxPrice = amount(raw.maxPrice, { positive: false });
  if (maxPrice !== undefined) out.maxPrice = maxPrice;
  const location = text(raw.location, TEXT_LIMITS.location);
  if (location !== undefined) out.location = location;
  const radiusKm = amount(raw.radiusKm, { positive: true });
  if (radiusKm !== undefined && radiusKm >= SEARCH.radius.minimum && radiusKm <= SEARCH.radius.maximum) {
    out.radiusKm = radiusKm;
  }
  const canton = oneOf(CANTON_CODES, typeof raw.canton === 'string' ? raw.canton.toUpperCase() : raw.canton);
  if (canton !== undefined) out.canton = canton;
  const sort = oneOf(SORTS, raw.sort);
  // Nearest first needs a place: without one the API refuses it, and the list is newest first.
  if (sort !== undefined && sort !== DEFAULT_SORT && (sort !== 'distance' || location !== undefined)) {
    out.sort = sort;
  }
  return out;
}

/** `{category: 'tools', maxPrice: 200}` -> `category=tools&maxPrice=200` (stable order). */
export function criteriaToSearchParams(criteria: SearchCriteria, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(normalizeCriteria(criteria))) {
    params.set(PARAM_NAMES[field as keyof SearchCriteria], String(value));
  }
  if (cursor !== undefined && CURSOR_PATTERN.test(cursor)) params.set(CURSOR_PARAM, cursor);
  return params;
}

/** The inverse of criteriaToSearchParams; unknown or malformed parameters are ignored. */
export function searchParamsToCriteria(params: URLSearchParams): SearchCriteria {
  const raw: Record<string, string> = {};
  for (const [field, name] of Object.entries(PARAM_NAMES)) {
    const value = params.get(name);
    if (value !== null) raw[field] = value;
  }
  return normalizeCriteria(raw);
}

/** The page cursor in the URL, if it looks like one; absent means the first page. */
export function cursorFromSearchParams(params: URLSearchParams): string | undefined {
  const cursor = params.get(CURSOR_PARAM);
  return cursor !== null && CURSOR_PATTERN.test(cursor) ? cursor : undefined;
}

/** True when the criteria restrict the catalogue in any way (the sort alone does not). */
export function hasFilters(criteria: SearchCriteria): boolean {
  const filters = normalizeCriteria(criteria);
  return Object.entries(filters).some(
    ([field, value]) => field !== 'sort' && !(field === 'category' && value === ALL_CATEGORIES),
  );
}
