import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * Layout stability of the buyer's pages: each one loads on a mid-range phone (412×823 CSS px,
 * device pixel ratio 1.75, touch, CPU slowed four times) and its cumulative layout shift must stay
 * at or below 0.02 — the footer must not be pushed down as content arrives, placeholders must have
 * the size of what replaces them, images must have their box before they load.
 *
 * CLS here is Lighthouse's and Chrome's: `layout-shift` entries without recent input, grouped in
 * session windows (a window closes after a 1 s gap or at 5 s), and the largest window counts. A
 * failure lists every shift with the elements that moved (`entry.sources`) and where they went.
 */

/** The largest cumulative layout shift a page may have. */
const MAX_CLS = 0.02;
/** The check's languages: the redirect language and the one whose texts run longest. */
const SHIFT_LANGS = ['fr', 'sq'] as const;

test.use({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});

/** One source of a shift: the element that moved and its box before and after (CSS px). */
interface ShiftSource {
  node: string;
  from: string;
  to: string;
}

/** One `layout-shift` entry as recorded in the page. */
interface RecordedShift {
  value: number;
  startTime: number;
  sources: ShiftSource[];
}

/** The Layout Instability API's entry (not in TypeScript's DOM library). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: readonly { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

type ShiftWindow = Window & { remat_layoutShifts?: RecordedShift[] };

/**
 * Runs in the page before any of its scripts: records every layout shift without recent input,
 * describing the moved nodes at once (a node may be gone by the time the test reads the list).
 */
function recordLayoutShifts(): void {
  const shifts: RecordedShift[] = [];
  (window as ShiftWindow).remat_layoutShifts = shifts;
  const describe = (node: Node | null): string => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    if (!element) return '(removed node)';
    const id = element.id ? `#${element.id}` : '';
    const classes = Array.from(element.classList, (name) => `.${name}`).join('');
    const text = element.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
  };
  const box = (rect: DOMRectReadOnly) =>
    `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        startTime: entry.startTime,
        sources: entry.sources.map((source) => ({
          node: describe(source.node),
          from: box(source.previousRect),
          to: box(source.currentRect),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The largest session window's sum: shifts less than 1 s apart, a window lasting at most 5 s. */
function sessionWindowCls(shifts: readonly Pick<RecordedShift, 'value' | 'startTime'>[]): number {
  let largest = 0;
  let current = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.startTime - previous >= 1000 || shift.startTime - windowStart >= 5000) {
      current = 0;
      windowStart = shift.startTime;
    }
    current += shift.value;
    previous = shift.startTime;
    largest = Math.max(largest, current);
  }
  return largest;
}

function report(shifts: readonly RecordedShift[]): string {
  if (shifts.length === 0) return 'no layout shifts';
  return shifts
    .map((shift) => {
      const moved = shift.sources.map((source) => `\n    ${source.node}: ${source.from} -> ${source.to}`).join('');
      return `  ${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms${moved}`;
    })
    .join('\n');
}

/** A page of the check: its path and what shows once its main content is there. */
interface ShiftPage {
  name: string;
  path: (lang: string, productId: string) => string;
  content: (page: Page) => Locator[];
}

const h1 = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

const PAGES: ShiftPage[] = [
  {
    name: 'home',
    path: (lang) => `/${lang}/`,
    // The hero's title and the first cards of the newest ads.
    content: (page) => [h1(page), page.getByRole('main').getByRole('article').first()],
  },
  {
    name: 'list',
    path: (lang) => `/${lang}/products`,
    content: (page) => [h1(page), page.getByRole('main').getByRole('article').first()],
  },
  {
    name: 'detail',
    path: (lang, productId) => `/${lang}/product/${productId}`,
    // The ad's title and its large photo.
    content: (page) => [h1(page), page.getByRole('main').getByRole('figure').getByRole('img')],
  },
  {
    name: 'pricing',
    path: (lang) => `/${lang}/vendre?choosePlan=true`,
    // The plans (one article each).
    content: (page) => [h1(page), page.getByRole('main').getByRole('article').first()],
  },
];

/** An ad of the seeded demo data with a photo, so the detail page shows its gallery. */
let productId = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const search = await api.get('/api/v1/products?limit=24');
    expect(search.status(), await search.text()).toBe(200);
    const { items } = (await search.json()) as { items: { id: string; imageUrl?: string }[] };
    const withPhoto = items.find((item) => item.imageUrl !== undefined);
    expect(withPhoto, 'a seeded ad with a photo').toBeDefined();
    productId = withPhoto?.id ?? '';
  } finally {
    await api.dispose();
  }
});

test.describe('layout stability on a phone', () => {
  test('the start-up page links one stylesheet', async ({ request }) => {
    const html = await (await request.get('/fr/')).text();
    const stylesheets = html.match(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/g) ?? [];
    expect(stylesheets, 'render-blocking stylesheets in index.html').toHaveLength(1);
  });

  for (const lang of SHIFT_LANGS) {
    for (const shiftPage of PAGES) {
      test(`${lang} ${shiftPage.name}: cumulative layout shift at most ${MAX_CLS}`, async ({ page }) => {
        test.setTimeout(60_000);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(recordLayoutShifts);

        const path = shiftPage.path(lang, productId);
        await page.goto(path, { waitUntil: 'networkidle' });
        for (const content of shiftPage.content(page)) await expect(content).toBeVisible({ timeout: 20_000 });
        // Settled: nothing left to fetch, and two frames later every shift has been reported.
        await page.waitForLoadState('networkidle');
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              requestAnimationFrame(() => {
                requestAnimationFrame(() => {
                  resolve();
                });
              });
            }),
        );

        const shifts = await page.evaluate(() => (window as ShiftWindow).remat_layoutShifts ?? []);
        const cls = sessionWindowCls(shifts);
        console.log(`${path}: CLS ${cls.toFixed(4)} (${shifts.length} shift(s))`);
        expect(cls, `layout shifts on ${path}:\n${report(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
      });
    }
  }
});
