/** Item condition filter; absent means "new or used". */
export const CONDITIONS = ['new', 'used'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Radius choices (km) offered for an area search. */
export const RADIUS_CHOICES_KM = [5, 10, 25, 50, 100] as const;

/**
 * What a catalogue search asks for. The home quick search writes it as query parameters; the
 * mobile menu's Buy link writes it as a token (lib/searchToken.ts). Absent fields mean "any".
 */
export interface SearchCriteria {
  category?: string;
  brand?: string;
  condition?: Condition;
  /** Upper price bound in CHF. */
  maxPrice?: number;
  /** City name or Swiss postal code; absent means the whole country. */
  location?: string;
  radiusKm?: number;
}

/** Query parameter names, shared with the catalogue that reads them. */
const PARAM_NAMES = {
  category: 'category',
  brand: 'brand',
  condition: 'condition',
  maxPrice: 'maxPrice',
  location: 'location',
  radiusKm: 'radius',
} as const satisfies Record<keyof SearchCriteria, string>;

const TEXT_LIMITS = { category: 64, brand: 100, location: 100 } as const;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= max ? trimmed : undefined;
}

function amount(value: unknown, { positive }: { positive: boolean }): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  return (positive ? n > 0 : n >= 0) ? n : undefined;
}

/**
 * Normalises criteria from any source (a form, a token, query parameters): trims text, drops
 * empty or invalid values, and writes the keys in one fixed order, so that equal searches give
 * equal URLs and tokens.
 */
export function normalizeCriteria(input: unknown): SearchCriteria {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const out: SearchCriteria = {};
  const category = text(raw.category, TEXT_LIMITS.category);
  if (category !== undefined) out.category = category;
  const brand = text(raw.brand, TEXT_LIMITS.brand);
  if (brand !== undefined) out.brand = brand;
  const condition = CONDITIONS.find((c) => c === raw.condition);
  if (condition !== undefined) out.condition = condition;
  const maxPrice = amount(raw.maxPrice, { positive: false });
  if (maxPrice !== undefined) out.maxPrice = maxPrice;
  const location = text(raw.location, TEXT_LIMITS.location);
  if (location !== undefined) out.location = location;
  const radiusKm = amount(raw.radiusKm, { positive: true });
  if (radiusKm !== undefined) out.radiusKm = radiusKm;
  return out;
}

/** `{category: 'tools', maxPrice: 200}` -> `category=tools&maxPrice=200` (stable order). */
export function criteriaToSearchParams(criteria: SearchCriteria): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(normalizeCriteria(criteria))) {
    params.set(PARAM_NAMES[field as keyof SearchCriteria], String(value));
  }
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
