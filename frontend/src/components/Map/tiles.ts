/**
 * The map's background: swisstopo's national map as public Web-Mercator tiles (free geodata of
 * the Swiss Confederation; the attribution is required and shown on every map). The tile host is
 * also named in the Content-Security-Policy's img-src (vite.config.ts, template.yaml); the e2e
 * tests answer its requests themselves, our machines having no internet.
 */
export const TILE_HOST = 'https://wmts.geo.admin.ch';
export const TILE_URL = `${TILE_HOST}/1.0.0/ch.swisstopo.pixelkarte-farbe/default/current/3857/{z}/{x}/{y}.jpeg`;
export const TILE_ATTRIBUTION_URL = 'https://www.swisstopo.admin.ch/';

/** Switzerland with a margin: the map never pans away from it. */
export const SWITZERLAND_BOUNDS: [[number, number], [number, number]] = [
  [45.6, 5.7],
  [48.0, 10.7],
];
export const SWITZERLAND_CENTER: [number, number] = [46.8, 8.23];
export const MIN_ZOOM = 7;
export const MAX_ZOOM = 18;
