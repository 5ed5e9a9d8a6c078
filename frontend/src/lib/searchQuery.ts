import { ALL_CATEGORIES, criteriaToSearchParams, normalizeCriteria, type SearchCriteria } from '@/lib/searchCriteria';

/** Results per page of the product list. */
export const PAGE_SIZE = 24;

export interface SearchArgs {
  criteria: SearchCriteria;
  cursor?: string;
  limit?: number;
}

/**
 * The `GET /products` query string for a search: the criteria as the list's URL writes them,
 * minus what means "no filter" to the API ("all" categories, a radius without a location).
 */
export function searchQueryString({ criteria, cursor, limit = PAGE_SIZE }: SearchArgs): string {
  const normalized = normalizeCriteria(criteria);
  if (normalized.category === ALL_CATEGORIES) delete normalized.category;
  if (normalized.location === undefined) delete normalized.radiusKm;
  const params = criteriaToSearchParams(normalized, cursor);
  params.set('limit', String(limit));
  return params.toString();
}
