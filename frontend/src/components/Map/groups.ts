/** One ad on a results map. */
export interface MapAd {
  id: string;
  title: string;
  /** The price as the list shows it (already formatted). */
  price: string;
  /** Postal code and locality: where the marker stands. */
  place: string;
  lat: number;
  lon: number;
  href: string;
}

/** The ads of one place: ads carry their locality's coordinates, so several share one point. */
export interface MapPlace {
  key: string;
  lat: number;
  lon: number;
  place: string;
  ads: MapAd[];
}

/** A position the map can show (not 0/0, which means "no position" in the API). */
export function hasPosition(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && !(lat === 0 && lon === 0);
}

/** Groups ads by their point, in the order of their first ad; ads without a position are left out. */
export function groupByPlace(ads: readonly MapAd[]): MapPlace[] {
  const places = new Map<string, MapPlace>();
  for (const ad of ads) {
    if (!hasPosition(ad.lat, ad.lon)) continue;
    const key = `${ad.lat.toFixed(5)},${ad.lon.toFixed(5)}`;
    const place = places.get(key);
    if (place) place.ads.push(ad);
    else places.set(key, { key, lat: ad.lat, lon: ad.lon, place: ad.place, ads: [ad] });
  }
  return [...places.values()];
}

/** A place with its position on the screen (pixels in the map's box). */
export interface PlacedPoint {
  place: MapPlace;
  x: number;
  y: number;
}

/**
 * Places whose markers would overlap on the screen, grouped: a marker is a label about as wide as
 * a price ("CHF 1’150.00") standing above its point, so two places share a group when their points
 * are within `width` across and `height` up or down of the group's first place. Greedy, in the
 * places' order (the first place anchors its group), so the result is stable for a given zoom,
 * and no two groups' first places are that close: markers drawn there never overlap.
 */
export function clusterPoints(points: readonly PlacedPoint[], width: number, height: number): MapPlace[][] {
  const clusters: { x: number; y: number; places: MapPlace[] }[] = [];
  for (const point of points) {
    const near = clusters.find(
      (cluster) => Math.abs(cluster.x - point.x) < width && Math.abs(cluster.y - point.y) < height,
    );
    if (near) near.places.push(point.place);
    else clusters.push({ x: point.x, y: point.y, places: [point.place] });
  }
  return clusters.map((cluster) => cluster.places);
}
