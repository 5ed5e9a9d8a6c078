import type { Page } from '@playwright/test';
import { axeProblems, expect, pathOf, test } from './support';

/**
 * The product list as the anchors' lists read (issue 17): the result count, active-filter chips,
 * filters that apply as they change, a sheet on phones, compact cards with the posting age.
 * Against the seeded demo catalogue (about 60 ads).
 */

function cards(page: Page) {
  return page.locator('.catalogue__results').getByRole('article');
}

test('fr: count, live filters without a request per key, chips that remove their filter', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/products') searches.push(url.search);
  });
  await page.goto('/fr/products');
  const count = page.locator('.catalogue__count');
  await expect(count).toHaveText(/^(environ )?\d{1,3}(’\d{3})* annonces?$/);
  await expect(cards(page).first()).toBeVisible();
  // Every card says how long ago it was posted.
  await expect(cards(page).first().locator('time')).toHaveText(/il y a|hier|maintenant|à l'instant/);

  // The filters stay in view beside the results.
  const filters = page.getByRole('search', { name: 'Filtres' });
  await page.mouse.wheel(0, 1500);
  await expect(filters).toBeInViewport();
  await page.mouse.wheel(0, -3000);

  // A choice applies at once.
  await filters.getByRole('radio', { name: "D'occasion", exact: true }).check();
  await expect.poll(() => pathOf(page)).toBe('/fr/products?condition=used');
  await expect(page.getByRole('button', { name: /^Retirer le filtre : État/ })).toBeVisible();

  // Typed text applies once it settles: one request, not one per key.
  searches.length = 0;
  await filters.getByRole('searchbox', { name: 'Rechercher' }).pressSequentially('bois', { delay: 60 });
  await expect.poll(() => pathOf(page)).toBe('/fr/products?q=bois&condition=used');
  await expect.poll(() => searches.filter((s) => s.includes('q=')).length).toBe(1);
  expect(searches.some((s) => /q=(b|bo|boi)&/.test(s))).toBe(false);
  const chips = page.getByRole('list', { name: 'Filtres actifs' });
  await expect(chips.getByRole('button')).toHaveCount(2);
  expect(await axeProblems(page)).toEqual([]);

  // A chip removes its filter; the form follows.
  await page.getByRole('button', { name: 'Retirer le filtre : Rechercher bois' }).click();
  await expect.poll(() => pathOf(page)).toBe('/fr/products?condition=used');
  await expect(filters.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('');
  await page.goBack();
  await expect(filters.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('bois');
  await page.goForward();
  await expect(page.getByRole('button', { name: /^Retirer le filtre/ })).toHaveCount(1);
  await page.getByRole('button', { name: /^Retirer le filtre : État/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/fr/products');
  await expect(chips).toBeHidden();
});

test('de: a phone shows at least five ads per screen, each with its age; the filters are a sheet', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/de/products');
  await expect(page.locator('.catalogue__count')).toHaveText(/Inserate?$/);
  await expect(cards(page).nth(5)).toBeAttached();
  // Five ads fit in one screen height: from the top of the first card to the top of the sixth.
  const tops = await cards(page).evaluateAll((articles) =>
    articles.slice(0, 6).map((article) => article.getBoundingClientRect().top),
  );
  expect((tops[5] ?? Infinity) - (tops[0] ?? 0)).toBeLessThanOrEqual(844);
  await expect(cards(page).first().locator('time')).toHaveText(/vor |gestern|jetzt|gerade eben/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeProblems(page)).toEqual([]);

  const toggle = page.getByRole('button', { name: 'Filter', exact: true });
  await toggle.click();
  const sheet = page.getByRole('dialog', { name: 'Filter' });
  await expect(sheet).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(toggle).toBeFocused();

  // Choosing in the sheet applies at once; "Show N results" closes it.
  await toggle.click();
  await sheet.getByRole('radio', { name: 'Neu', exact: true }).check();
  await expect.poll(() => pathOf(page)).toBe('/de/products?condition=new');
  await sheet.getByRole('button', { name: /anzeigen$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
});

test('sq: the posting age is in Albanian whatever the browser knows', async ({ page }) => {
  await page.goto('/sq/products');
  await expect(cards(page).first().locator('time')).toHaveText(/më parë|^tani$|^dje$/);
  await expect(page.locator('.catalogue__count')).toHaveText(/njoftim/);
});

test('en: around a place the list sorts nearest first, and falls back to newest without one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en/products');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(cards(page).first()).toBeVisible();
  await expect(sort.getByRole('option', { name: 'Distance, nearest first' })).toHaveCount(0);

  await page.goto('/en/products?location=8001&radius=100');
  await expect(cards(page).first()).toBeVisible();
  await sort.selectOption({ label: 'Distance, nearest first' });
  await expect.poll(() => pathOf(page)).toBe('/en/products?location=8001&radius=100&sort=distance');
  const distances = page.locator('.catalogue__results .result-card__distance');
  await expect(distances.first()).toBeVisible();
  await expect.poll(() => distances.count()).toBeGreaterThan(2);
  const km = (await distances.allTextContents()).map((text) => Number(/[\d.]+/.exec(text.replace(/’/g, ''))?.[0]));
  expect(km.every((d) => Number.isFinite(d) && d <= 100)).toBe(true);
  expect(km).toEqual([...km].sort((a, b) => a - b));
  expect(await axeProblems(page)).toEqual([]);

  // Without the place nothing is near: newest first again.
  await page.getByRole('button', { name: /^Remove filter: Near/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/en/products');
  await expect(sort).toHaveValue('newest');
  await expect(sort.getByRole('option', { name: 'Distance, nearest first' })).toHaveCount(0);
});
