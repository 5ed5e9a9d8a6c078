import { act } from '@testing-library/react';

/**
 * jsdom does no layout and has no scrolling, so tests drive the page position by hand: this sets
 * `window.scrollY` (and a document height) and fires the scroll event the app listens to.
 */
export function scrollPageTo(y: number, { pageHeight = 3000, viewport = 800 } = {}): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: viewport });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: pageHeight });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** window.scrollTo stand-in: jsdom does not implement it. */
function fakeScrollTo(xOrOptions?: number | ScrollToOptions, y?: number): void {
  const top = typeof xOrOptions === 'object' ? (xOrOptions.top ?? window.scrollY) : (y ?? window.scrollY);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
  window.dispatchEvent(new Event('scroll'));
}

export function resetScroll(): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  window.scrollTo = fakeScrollTo;
}

/** Installs the scrolling and media-query stand-ins jsdom lacks (from the test setup). */
export function installBrowserFakes(): void {
  resetScroll();
  // jsdom lacks matchMedia; the app only asks about reduced motion, and the answer is "no".
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) =>
        Object.assign(new EventTarget(), { matches: false, media: query, onchange: null }) as unknown as MediaQueryList,
    });
  }
}
