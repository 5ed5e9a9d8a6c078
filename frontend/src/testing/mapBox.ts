import { afterAll, beforeAll } from 'vitest';

/** The size a map's box gets in these tests, as the browser gives it from Map.css. */
const BOX = { clientWidth: 800, clientHeight: 450 } as const;

/**
 * jsdom lays nothing out, so Leaflet would see a 0×0 map and could project no position. Called at
 * the top of a test file, this gives every `.remat-map` box a size for the file's tests and puts
 * the element's own getters back after them.
 */
export function sizeMapBoxes(): void {
  const originals = Object.fromEntries(
    Object.keys(BOX).map((name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)]),
  );
  beforeAll(() => {
    for (const [name, size] of Object.entries(BOX)) {
      const original = originals[name];
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('remat-map') ? size : (original?.get?.call(this) as number);
        },
      });
    }
  });
  afterAll(() => {
    for (const [name, original] of Object.entries(originals)) {
      if (original) Reflect.deleteProperty(HTMLElement.prototype, name);
    }
  });
}
