import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, test } from './support';

/**
 * No page scrolls sideways: at a small phone (320 px), a common phone (390 px) and a laptop
 * (1280 px), in French, German and Albanian (long words, long labels), every public page and the
 * main signed-in pages keep `document.documentElement.scrollWidth` within the viewport. A failure
 * names the page, the width and the elements that stick out, widest first.
 *
 * With REMAT_SCREENSHOTS set to a folder, the run also saves each page's first screen there
 * (`<lang>-<page>-<width>.png`): the pictures a review of the pages' layout looks at.
 */

const SCREENSHOTS = process.env.REMAT_SCREENSHOTS;

const LANGS = ['fr', 'de', 'sq'] as const;
const WIDTHS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** A demo user of the seed (a buyer and seller with ads, favourites and searches to show). */
const USER = { email: 'sarah.miller@example.ch', password: 'remat-demo-2025' };

/** The pages, by name, as paths under the language prefix. */
function publicPages(ad: { id: string; sellerId: string }): Record<string, string> {
  return {
    home: '/',
    list: '/products',
    'list (map)': '/products?view=map',
    ad: `/product/${ad.id}`,
    seller: `/seller/${ad.sellerId}`,
    sell: '/vendre',
    pricing: '/vendre?choosePlan=true',
    'sign-up': '/account-creation',
    login: '/login',
    about: '/about',
    'not found': '/no-such-page',
  };
}

const SIGNED_IN_PAGES: Record<string, string> = {
  'my ads': '/user/products',
  profile: '/user/information',
  favourites: '/user/favourites',
  'saved searches': '/user/saved-searches',
};

let ad = { id: '', sellerId: '' };
let token = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    // The ad with the most photos, so its gallery shows the thumbnail strip.
    const search = await api.get('/api/v1/products?limit=24');
    expect(search.status(), await search.text()).toBe(200);
    const items = ((await search.json()) as { items: { id: string; sellerId: string; imageUrl?: string }[] }).items;
    let most = -1;
    for (const item of items.filter((card) => card.imageUrl !== undefined).slice(0, 8)) {
      const detail = await api.get(`/api/v1/products/${item.id}`);
      const photos = ((await detail.json()) as { images: unknown[] }).images.length;
      if (photos > most) {
        most = photos;
        ad = { id: item.id, sellerId: item.sellerId };
      }
    }
    expect(most, 'a seeded ad with photos').toBeGreaterThan(0);

    const login = await api.post('/api/v1/auth/login', { data: USER });
    expect(login.status(), await login.text()).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  } finally {
    await api.dispose();
  }
});

/**
 * Whether the page is wider than the viewport and, if so, the elements whose right edge passes
 * it (leaving out those inside a box that clips or scrolls its own overflow, which do not widen
 * the page), widest first, each as a short selector with its width and right edge.
 */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const result = { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, offenders: [] as string[] };
    if (result.scrollWidth <= result.innerWidth) return result;

    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 4;) {
        const classes = Array.from(node.classList)
          .slice(0, 2)
          .map((name) => `.${name}`)
          .join('');
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`);
        node = node.parentElement;
      }
      return parts.join(' > ');
    };
    const clipped = (element: Element): boolean => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed') return true;
        if (style.overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ element, box }) => box.width > 0 && box.right > window.innerWidth + 0.5 && !clipped(element))
      .sort((a, b) => b.box.width - a.box.width || b.box.right - a.box.right)
      .slice(0, 5);
    result.offenders = wide.map(
      ({ element, box }) => `${describe(element)} (width ${Math.round(box.width)}, right ${Math.round(box.right)})`,
    );
    return result;
  });
}

/** Opens `path` and waits until its heading shows and its data and pictures have arrived. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

test.describe('no horizontal scroll', () => {
  for (const lang of LANGS) {
    test(`${lang}: every page fits 320, 390 and 1280 px`, async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      const failures: string[] = [];
      const check = async (name: string, path: string) => {
        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          await open(page, `/${lang}${path}`);
          const found = await overflow(page);
          if (SCREENSHOTS) {
            await page.screenshot({
              path: join(SCREENSHOTS, `${lang}-${name.replace(/\W+/g, '-')}-${String(size.width)}.png`),
            });
          }
          if (found.scrollWidth > found.innerWidth) {
            failures.push(
              `${name} at ${String(size.width)} px: the page is ${String(found.scrollWidth)} px wide\n    ${found.offenders.join('\n    ')}`,
            );
          }
        }
      };

      for (const [name, path] of Object.entries(publicPages(ad))) await check(name, path);
      await page.context().addCookies([{ name: 'token', value: token, url: baseURL ?? '' }]);
      for (const [name, path] of Object.entries(SIGNED_IN_PAGES)) await check(name, path);

      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
