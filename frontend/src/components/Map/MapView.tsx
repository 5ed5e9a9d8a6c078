import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clusterPoints, groupByPlace, type MapAd, type MapPlace } from './groups';
import { MAX_ZOOM, MIN_ZOOM, SWITZERLAND_BOUNDS, SWITZERLAND_CENTER, TILE_ATTRIBUTION_URL, TILE_URL } from './tiles';
import './Map.css';

/**
 * The Leaflet maps. This module (with Leaflet and its CSS) is its own chunk, loaded only when a map
 * is shown (index.tsx), so it adds nothing to a page's initial JS.
 */

type Translate = ReturnType<typeof useTranslation<'map'>>['t'];

/** A map of Switzerland with swisstopo's tiles, its attribution and translated zoom buttons. */
function createMap(container: HTMLElement, t: Translate): L.Map {
  const map = L.map(container, {
    center: SWITZERLAND_CENTER,
    zoom: MIN_ZOOM,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    maxBounds: SWITZERLAND_BOUNDS,
    maxBoundsViscosity: 1,
    zoomControl: false,
    attributionControl: false,
    // One finger scrolls the page on a phone; the wheel does not hijack the page's scrolling.
    scrollWheelZoom: false,
  });
  L.control.zoom({ zoomInTitle: t('zoomIn'), zoomOutTitle: t('zoomOut') }).addTo(map);
  const link = document.createElement('a');
  link.href = TILE_ATTRIBUTION_URL;
  link.rel = 'noopener';
  link.textContent = t('attribution');
  L.control.attribution({ prefix: false }).addAttribution(link.outerHTML).addTo(map);
  L.tileLayer(TILE_URL, { minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM, crossOrigin: false }).addTo(map);
  return map;
}

/** A marker's label: the price of its one ad, or how many ads it stands for. */
function placeIcon(text: string): L.DivIcon {
  const label = document.createElement('span');
  label.className = 'remat-map__pin-label';
  label.textContent = text;
  return L.divIcon({ className: 'remat-map__pin', html: label, iconSize: undefined, iconAnchor: [0, 0] });
}

/** The popup of a place with several ads: a list of links to them. */
function placePopup(ads: readonly MapAd[], open: (href: string) => void): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'remat-map__popup';
  for (const ad of ads) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = ad.href;
    link.textContent = `${ad.title} – ${ad.price}`;
    link.addEventListener('click', (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      open(ad.href);
    });
    item.append(link);
    list.append(item);
  }
  return list;
}

/** How close two markers' points may be before their labels overlap (a price label's box). */
const PIN_WIDTH_PX = 96;
const PIN_HEIGHT_PX = 28;

/**
 * One marker: a place with one ad (its price; opens the ad), a place with several (their count;
 * lists them), or several nearby places (their count; zooms in on them). Keyboard users get the
 * same with Enter or Space: Leaflet makes a marker focusable but acts on clicks only.
 */
function drawMarker(map: L.Map, group: L.LayerGroup, places: MapPlace[], t: Translate, open: (href: string) => void) {
  const ads = places.flatMap((place) => place.ads);
  const first = places[0];
  if (!first) return;
  const only = ads.length === 1 ? ads[0] : undefined;
  const name = only
    ? t('adLabel', { title: only.title, price: only.price, place: only.place })
    : places.length === 1
      ? t('placeLabel', { count: ads.length, place: first.place })
      : t('clusterLabel', { count: ads.length });
  const bounds = L.latLngBounds(places.map((place) => [place.lat, place.lon] as [number, number]));
  const zooms = places.length > 1 && map.getZoom() < map.getMaxZoom();
  // At its first place: clusterPoints keeps first places apart, so no two markers overlap.
  const at: [number, number] = [first.lat, first.lon];
  const marker = L.marker(at, {
    icon: placeIcon(only ? only.price : t('adsHere', { count: ads.length })),
    keyboard: true,
    title: name,
    alt: name,
    riseOnHover: true,
  });
  const act = () => {
    if (only) open(only.href);
    else if (zooms) map.fitBounds(bounds, { padding: [48, 48], maxZoom: map.getMaxZoom() });
  };
  marker.on('click', act);
  if (!only && !zooms) marker.bindPopup(placePopup(ads, open));
  marker.addTo(group);
  const element = marker.getElement();
  element?.setAttribute('role', 'button');
  element?.setAttribute('aria-label', name);
  element?.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    if (only || zooms) {
      act();
      return;
    }
    marker.openPopup();
    marker.getPopup()?.getElement()?.querySelector('a')?.focus();
  });
}

interface ResultsMapProps {
  ads: readonly MapAd[];
  /** Opens an ad (the router's navigate): a marker or a popup link was chosen. */
  onOpen: (href: string) => void;
  /** The accessible name of the map region. */
  label: string;
}

/** The results on a map: a marker per place, framed to fit them. */
export function ResultsMap({ ads, onOpen, label }: ResultsMapProps) {
  const { t } = useTranslation('map');
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    if (!container.current) return undefined;
    const created = createMap(container.current, t);
    map.current = created;
    layer.current = L.layerGroup().addTo(created);
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
    };
  }, [t]);

  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return undefined;
    const places = groupByPlace(ads);
    // Markers are drawn for the zoom shown: places whose labels would overlap share one marker,
    // which zooms in on them (or, where the map cannot zoom further, lists their ads).
    const draw = () => {
      group.clearLayers();
      const points = places.map((place) => {
        const point = current.latLngToContainerPoint([place.lat, place.lon]);
        return { place, x: point.x, y: point.y };
      });
      for (const cluster of clusterPoints(points, PIN_WIDTH_PX, PIN_HEIGHT_PX)) {
        drawMarker(current, group, cluster, t, (href) => {
          open.current(href);
        });
      }
    };
    if (places.length > 0) {
      current.fitBounds(L.latLngBounds(places.map((p) => [p.lat, p.lon] as [number, number])), {
        padding: [32, 32],
        maxZoom: 12,
        animate: false,
      });
    }
    draw();
    current.on('zoomend', draw);
    return () => {
      current.off('zoomend', draw);
    };
  }, [ads, t]);

  return <div ref={container} className="remat-map remat-map--results" role="region" aria-label={label} />;
}

interface AreaMapProps {
  lat: number;
  lon: number;
  /** Radius of the drawn area in metres: a locality's surroundings, or a whole canton's. */
  radiusM: number;
  /** The accessible name of the map region. */
  label: string;
}

/** Where an ad is, approximately: a circle around its locality, no pin (the address stays private). */
export function AreaMap({ lat, lon, radiusM, label }: AreaMapProps) {
  const { t } = useTranslation('map');
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return undefined;
    const created = createMap(container.current, t);
    const area = L.circle([lat, lon], { radius: radiusM, className: 'remat-map__area' }).addTo(created);
    created.fitBounds(area.getBounds(), { padding: [16, 16] });
    return () => {
      created.remove();
    };
  }, [lat, lon, radiusM, t]);

  return <div ref={container} className="remat-map remat-map--area" role="region" aria-label={label} />;
}
