import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * The public pages as a search engine or a messenger's link preview meets them: the HTML the
 * server answers, before any JavaScript (functions/pages), and the SPA starting from the data
 * inlined into it without asking the API again.
 */

const ALL_LANGS = ['en', 'fr', 'de', 'it', 'sq'] as const;
const PUBLIC_PAGES = ['', 'products', 'vendre', 'about', 'how-it-works', 'contact-us', 'terms', 'privacy'];

/** An active ad of the seeded demo data with a photo. */
async function activeAdId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/v1/products?limit=24');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; imageUrl?: string }[] };
  const withPhoto = items.find((item) => item.imageUrl);
  if (!withPhoto) throw new Error('the seeded catalogue has no ad with a photo');
  return withPhoto.id;
}

/** The page as a crawler reads it: the server's HTML with JavaScript off. */
async function crawl(
  browser: Browser,
  path: string,
): Promise<{ page: Page; status: number; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, status: response?.status() ?? 0, close: () => context.close() };
}

async function meta(page: Page, key: string): Promise<string | null> {
  const tag = page.locator(`head meta[name="${key}"], head meta[property="${key}"]`).first();
  return (await tag.count()) ? tag.getAttribute('content') : null;
}

/** Title, description, canonical, the five alternates plus x-default and the Open Graph card. */
async function expectPageMeta(page: Page, origin: string, lang: string, path: string): Promise<void> {
  const where = `/${lang}/${path}`;
  expect(await page.title(), `${where}: title`).toMatch(/\S – Remat$/);
  expect((await meta(page, 'description'))?.length ?? 0, `${where}: description`).toBeGreaterThan(40);
  const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
  expect(canonical, `${where}: canonical`).toBe(`${origin}/${lang}/${path}`);
  for (const alt of ALL_LANGS) {
    await expect(
      page.locator(`head link[rel="alternate"][hreflang="${alt}"]`),
      `${where}: hreflang ${alt}`,
    ).toHaveAttribute('href', `${origin}/${alt}/${path}`);
  }
  await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${origin}/fr/${path}`,
  );
  for (const key of ['og:title', 'og:description', 'og:url', 'og:type', 'og:locale', 'twitter:card']) {
    expect(await meta(page, key), `${where}: ${key}`).toBeTruthy();
  }
  expect(await page.locator('html').getAttribute('lang')).toBe(lang);
}

type Json = Record<string, unknown>;

/** The site's origin (playwright.config.ts requires it). */
function originOf(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('no baseURL');
  return baseURL;
}

/** The JSON-LD documents of the page, each parsed. */
async function structuredData(page: Page): Promise<Json[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Json);
}

test.describe('the front door', () => {
  test('every public page has its title, description, canonical, alternates and card in every language', async ({
    browser,
    baseURL,
  }) => {
    for (const lang of ALL_LANGS) {
      for (const path of PUBLIC_PAGES) {
        const { page, status, close } = await crawl(browser, `/${lang}/${path}`);
        expect(status, `/${lang}/${path}`).toBe(200);
        await expectPageMeta(page, originOf(baseURL), lang, path);
        await close();
      }
    }
  });

  for (const lang of ['fr', 'sq'] as const) {
    test(`${lang}: an ad's page carries its card, its photo and a valid schema.org Product`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const id = await activeAdId(request);
      const { page, status, close } = await crawl(browser, `/${lang}/product/${id}`);
      expect(status).toBe(200);
      await expectPageMeta(page, originOf(baseURL), lang, `product/${id}`);
      expect(await meta(page, 'og:type')).toBe('product');
      expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
      const image = (await meta(page, 'og:image')) ?? '';
      expect(image).toMatch(new RegExp(`^${originOf(baseURL)}/images/products/${id}/`));
      const photo = await request.get(image);
      expect(photo.status()).toBe(200);
      expect(photo.headers()['content-type']).toMatch(/^image\//);

      const docs = await structuredData(page);
      const product = docs.find((doc) => doc['@type'] === 'Product');
      if (!product) throw new Error('no schema.org Product on the page');
      expect(product['@context']).toBe('https://schema.org');
      expect(String(product.name).length).toBeGreaterThan(0);
      expect(product.url).toBe(`${originOf(baseURL)}/${lang}/product/${id}`);
      const offer = product.offers as Json;
      expect(offer['@type']).toBe('Offer');
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.priceCurrency).toBe('CHF');
      expect(offer.availability).toBe('https://schema.org/InStock');
      expect(['https://schema.org/NewCondition', 'https://schema.org/UsedCondition']).toContain(offer.itemCondition);
      expect(['Person', 'Organization']).toContain((offer.seller as Json)['@type']);
      expect(String((offer.seller as Json).name).length).toBeGreaterThan(0);
      const crumbs = docs.find((doc) => doc['@type'] === 'BreadcrumbList');
      expect((crumbs?.itemListElement as Json[]).length).toBeGreaterThanOrEqual(3);
      await close();
    });
  }

  test('a sorted, filtered list is the list: its canonical URL, its first page inlined', async ({
    browser,
    baseURL,
  }) => {
    const { page, status, close } = await crawl(browser, '/de/products?sort=price_asc&condition=used');
    expect(status).toBe(200);
    await expectPageMeta(page, originOf(baseURL), 'de', 'products');
    const boot = JSON.parse((await page.locator('#remat-boot').textContent()) ?? '{}') as {
      api?: Record<string, unknown>;
    };
    expect(Object.keys(boot.api ?? {})).toContain('products?condition=used&limit=24&sort=price_asc');
    await close();
  });

  test('the home page offers the site search', async ({ browser, baseURL }) => {
    const { page, close } = await crawl(browser, '/fr/');
    const site = (await structuredData(page)).find((doc) => doc['@type'] === 'WebSite');
    expect((site?.potentialAction as Json).target).toEqual({
      '@type': 'EntryPoint',
      urlTemplate: `${baseURL}/fr/products?q={search_term_string}`,
    });
    await close();
  });

  test('unknown pages and ads answer 404, the language rules answer 301', async ({ request }) => {
    for (const path of [
      '/fr/product/01JNOSUCHAD0000000000000000',
      '/fr/product/%3Cscript%3E',
      '/de/nowhere',
      '/fr/about/more',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('name="robots" content="noindex"');
    }
    for (const [path, to] of [
      ['/', '/fr/'],
      ['/about?x=1', '/fr/about?x=1'],
      ['/fr/fr/about', '/fr/about'],
      ['/DE/products', '/de/products'],
    ] as const) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers().location, path).toBe(to);
    }
  });

  test('robots.txt keeps private routes out and names the sitemap, which lists the ads', async ({
    request,
    baseURL,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const route of ['/fr/user', '/de/login', '/it/invoice', '/sq/choose-plan', '/en/reset-password']) {
      expect(text).toContain(`Disallow: ${route}`);
    }
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toMatch(/xml/);
    const children = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(children.length).toBeGreaterThan(1);
    const id = await activeAdId(request);
    let listed = false;
    for (const child of children) {
      const body = await (await request.get(child)).text();
      if (body.includes(`${baseURL}/fr/product/${id}<`)) listed = true;
    }
    expect(listed, `ad ${id} is in a sitemap`).toBe(true);
  });

  for (const [name, path] of [
    ['an ad', 'product'],
    ['the home page', ''],
    ['the list', 'products'],
  ] as const) {
    test(`${name} renders from the inlined data without asking the API for it`, async ({ page, request }) => {
      const id = await activeAdId(request);
      const target = path === 'product' ? `/fr/product/${id}` : `/fr/${path}`;
      const asked: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname.startsWith('/api/v1/')) asked.push(url.pathname + url.search);
      });
      await page.goto(target);
      if (path === 'product') {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('main img').first()).toBeVisible();
      } else {
        await expect(page.locator('main a[href*="/fr/product/"]').first()).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      const inlined = asked.filter(
        (url) =>
          url === '/api/v1/settings' ||
          url === '/api/v1/categories' ||
          url === `/api/v1/products/${id}` ||
          url === '/api/v1/products?limit=8' ||
          url === '/api/v1/products?limit=24',
      );
      expect(inlined, `requests for inlined data (all requests: ${asked.join(', ')})`).toEqual([]);
    });
  }
});
