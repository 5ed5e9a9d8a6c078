import { QueryStatus } from '@reduxjs/toolkit/query/react';
import type { RootState } from '@/app/store';
import type { Locality } from '@/contract/schema.gen';

/** A point on the map, in degrees. */
export interface Point {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_KM = 6371;

/** The great-circle distance between two points in kilometres (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The place the visitor's latest search was around (the `place` of the newest answered product
 * search still in the cache), or undefined. The ad page measures its distance from there, as the
 * result cards did; without a search around a place there is no distance to show.
 */
export function selectSearchedPlace(state: RootState): Locality | undefined {
  let newest: { at: number; place: Locality } | undefined;
  for (const entry of Object.values(state.api.queries)) {
    if (entry?.endpointName !== 'searchProducts' || entry.status !== QueryStatus.fulfilled) continue;
    const place = (entry.data as { place?: Locality } | undefined)?.place;
    const at = entry.fulfilledTimeStamp;
    if (place && (newest === undefined || at > newest.at)) newest = { at, place };
  }
  return newest?.place;
}
