import type { APIRequestContext } from '@playwright/test';
import { axeProblems, expect, test } from './support';

/**
 * Money and dates are one Swiss form in every language — "CHF 1’520.50", "26.11.2026" — whatever
 * the visitor's browser language and time zone (Chromium has no Albanian data; ja-JP or en-US
 * would write "1,520.50" and "2026/11/26" if the SPA leaned on Intl's locale).
 */

interface SeededAd {
  id: string;
  title: string;
  effectivePriceRp: number;
  publishedAt: string;
}

/** The seeded active ad with the highest price, so the amount has a thousands group. */
async function dearestAd(request: APIRequestContext): Promise<SeededAd> {
  const list = await request.get('/api/v1/products?limit=24&sort=price_desc');
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { id: string; effectivePriceRp: number }[] };
  const dearest = [...items].sort((a, b) => b.effectivePriceRp - a.effectivePriceRp)[0];
  if (!dearest) throw new Error('the seeded catalogue has no ad');
  const detail = await request.get(`/api/v1/products/${dearest.id}`);
  expect(detail.ok()).toBe(true);
  return (await detail.json()) as SeededAd;
}

/** The expected text, worked out here independently of the SPA's formatter. */
function swissMoney(rp: number): string {
  const francs = String(Math.floor(rp / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '’');
  return `CHF ${francs}.${String(rp % 100).padStart(2, '0')}`;
}

/** dd.mm.yyyy of the instant in Swiss time, from Node's own (full) ICU data. */
function swissDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zurich',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

const BROWSERS = [
  { lang: 'fr', locale: 'en-US', timezoneId: 'America/New_York' },
  { lang: 'de', locale: 'ja-JP', timezoneId: 'Asia/Tokyo' },
  { lang: 'sq', locale: 'sq-AL', timezoneId: 'Europe/Tirane' },
] as const;

for (const { lang, locale, timezoneId } of BROWSERS) {
  test(`the ad page in ${lang} under a ${locale} browser shows the Swiss price and date`, async ({
    browser,
    request,
  }) => {
    const ad = await dearestAd(request);
    expect(ad.effectivePriceRp, 'an ad of at least CHF 1’000 shows the grouping').toBeGreaterThanOrEqual(100_000);
    const context = await browser.newContext({ locale, timezoneId });
    try {
      const page = await context.newPage();
      expect(await page.evaluate(() => navigator.language)).toBe(locale);
      await page.goto(`/${lang}/product/${ad.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ad.title);

      const price = page.getByRole('main').locator('.price__current').first();
      // The amount closes the element (a discounted price starts with a visually hidden "now").
      const amount = swissMoney(ad.effectivePriceRp).replace('.', '\\.').replace(' ', '\\s');
      await expect(price).toHaveText(new RegExp(`(^|\\s)${amount}$`));
      await expect(price).not.toContainText(',');
      await expect(page.getByRole('main').getByText(swissDate(ad.publishedAt), { exact: true }).first()).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('the pricing heading focused after a mouse click shows no focus box', async ({ page }) => {
  await page.goto('/fr/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Tarifs et abonnements' }).click();
  const heading = page.getByRole('heading', { level: 2, name: 'Tarifs et abonnements' });
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
  // The plans headline the price a private buyer pays, with the amount excluding VAT below.
  const starter = page.getByRole('article', { name: 'Starter' });
  await expect(starter.locator('.plan-card__amount')).toHaveText('CHF 42.16');
  await expect(starter.locator('.plan-card__net')).toHaveText('CHF 39.00 hors TVA');
  await expect(starter.getByRole('link', { name: 'Choisir cette offre – Starter' })).toBeVisible();
});
