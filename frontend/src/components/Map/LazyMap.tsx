import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import './placeholder.css';
import type { MapAd } from './groups';

export type { MapAd } from './groups';
export { hasPosition } from './groups';

/** Leaflet and the maps load with the first map shown, never with the page. */
const ResultsMap = lazy(() => import('./MapView').then((module) => ({ default: module.ResultsMap })));
const AreaMap = lazy(() => import('./MapView').then((module) => ({ default: module.AreaMap })));

interface LazyResultsMapProps {
  ads: readonly MapAd[];
  onOpen: (href: string) => void;
  label: string;
}

/** The results on a map; its box is reserved while Leaflet loads (no layout shift). */
export function LazyResultsMap(props: LazyResultsMapProps) {
  return (
    <Suspense fallback={<div className="remat-map-placeholder remat-map-placeholder--results" />}>
      <ResultsMap {...props} />
    </Suspense>
  );
}

interface LazyAreaMapProps {
  lat: number;
  lon: number;
  /** Radius of the drawn area in metres. */
  radiusM: number;
  label: string;
}

/** How far below the viewport a map starts loading, so it is drawn by the time it scrolls in. */
const NEAR_VIEWPORT = '400px';

/**
 * True once the element comes within NEAR_VIEWPORT of the viewport (at once where the browser
 * cannot tell): a map low on a page costs nothing until the reader gets there.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near, ref]);
  return near;
}

/**
 * An ad's approximate location. Its box is reserved from the start (no layout shift); Leaflet
 * loads when the box nears the viewport.
 */
export function LazyAreaMap(props: LazyAreaMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <div ref={box} className="remat-map-placeholder remat-map-placeholder--area" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AreaMap {...props} />
    </Suspense>
  );
}
