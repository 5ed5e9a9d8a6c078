import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * True once the page is scrolled further than `px`. Components re-render only when the answer
 * flips, not on every scroll event.
 */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > px,
    () => false,
  );
}

/** Vertical scroll progress of the page, 0..100 (whole percent, to limit re-renders). */
export function useScrollProgress(): number {
  return useSyncExternalStore(subscribe, readProgress, () => 0);
}

function readProgress(): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((window.scrollY / max) * 100)));
}
