import type { Page } from '@playwright/test';
import { axeProblems, expect, pathOf, test } from './support';

/**
 * The maps (issue 17): the list's results on a map and an ad's approximate place, with swisstopo's
 * tiles (answered by the support's fixture: our machines have no internet) and its attribution.
 * Leaflet loads with the first map, never with the page. Against the seeded demo catalogue.
 */

/** Requests for the map module (Leaflet and its CSS): none before a map is shown. */
function mapModuleRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/MapView-[\w-]+\.(js|css)$/.test(new URL(request.url()).pathname)) requests.push(request.url());
  });
  return requests;
}

test('fr: the results on a map, a marker opens its ad, the ad shows an area and no pin', async ({
  page,
  tileRequests,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const module = mapModuleRequests(page);
  await page.goto('/fr/products?category=building-materials');
  await expect(page.locator('.catalogue__results').getByRole('article').first()).toBeVisible();
  expect(module).toEqual([]);

  const toggle = page.getByRole('group', { name: 'Afficher les résultats en' });
  await expect(toggle.getByRole('link', { name: 'Liste' })).toHaveAttribute('aria-current', 'true');
  await toggle.getByRole('link', { name: 'Carte' }).click();
  await expect.poll(() => pathOf(page)).toBe('/fr/products?category=building-materials&view=map');
  const map = page.getByRole('region', { name: 'Résultats sur une carte' });
  await expect(map).toBeVisible();
  await expect(map.getByText('Carte © swisstopo')).toBeVisible();
  expect(module.length).toBeGreaterThan(0);
  await expect.poll(() => tileRequests.length).toBeGreaterThan(0);
  expect(tileRequests.every((url) => url.startsWith('https://wmts.geo.admin.ch/1.0.0/ch.swisstopo.'))).toBe(true);
  const markers = map.locator('.leaflet-marker-icon');
  await expect(markers.first()).toBeVisible();
  expect(await markers.count()).toBeGreaterThan(1);
  expect(await axeProblems(page)).toEqual([]);

  // The map is in the URL: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Résultats sur une carte' })).toBeVisible();

  // A marker of one ad says its title, price and place and opens it (by keyboard: pins can
  // overlap where ads are dense); one of several lists them.
  const lone = map.getByRole('button', { name: /, (CHF\s[\d’]+\.\d{2}|Gratuit), \d{4} / }).first();
  const several = map.getByRole('button', { name: /^\d+ annonces à / }).first();
  await map.scrollIntoViewIfNeeded();
  if ((await lone.count()) > 0) {
    await lone.focus();
    await page.keyboard.press('Enter');
  } else {
    await several.focus();
    await page.keyboard.press('Enter');
    await map.locator('.remat-map__popup a').first().click();
  }
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/fr\/product\/\w+$/);

  const area = page.getByRole('region', { name: 'Emplacement approximatif sur une carte' });
  await page.getByRole('heading', { level: 2, name: 'Emplacement' }).scrollIntoViewIfNeeded();
  await expect(area).toBeVisible();
  await expect(area.locator('path.remat-map__area')).toHaveCount(1);
  await expect(area.locator('.leaflet-marker-icon')).toHaveCount(0);
  await expect(page.getByText(/^Emplacement approximatif : .+\. Le vendeur communique l’adresse exacte\.$/)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});

test('de: an ad page loads the map only when its place scrolls near', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const module = mapModuleRequests(page);
  await page.goto('/de/products');
  const first = page.locator('.catalogue__results').getByRole('article').first();
  await first.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.remat-map-placeholder--area')).toBeAttached();
  expect(module).toEqual([]);
  await page.getByRole('heading', { level: 2, name: 'Standort' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Ungefährer Standort auf einer Karte' })).toBeVisible();
  expect(module.length).toBeGreaterThan(0);
});

for (const width of [320, 390]) {
  test(`sq at ${String(width)} px: the map view fits the screen and its switch is reachable by keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/sq/products');
    const toggle = page.getByRole('group', { name: /./ }).filter({ has: page.locator('.view-toggle__link') });
    const toMap = toggle.locator('.view-toggle__link').nth(1);
    await toMap.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/sq/products?view=map');
    await expect(page.locator('.remat-map--results')).toBeVisible();
    await expect(toMap).toHaveAttribute('aria-current', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeProblems(page)).toEqual([]);
  });
}
