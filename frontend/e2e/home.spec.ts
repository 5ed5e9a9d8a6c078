import type { Page } from '@playwright/test';
import { axeProblems, expect, LANGS, pathOf, test, type E2ELang } from './support';

/**
 * The search-first home page on the seeded catalogue: what a visitor sees first on a laptop and a
 * phone, the suggestions while typing, the header's search on the other pages, and the not-found
 * page's ways on.
 */

const T = {
  fr: {
    search: 'Rechercher dans les annonces',
    what: 'Que recherchez-vous\u00a0?',
    where: 'Localité ou code postal',
    radius: 'Rayon',
    moreFilters: 'Plus de filtres',
    tiles: 'Parcourir par catégorie',
    recent: 'Matériaux récents',
    suggestions: 'Propositions',
    typed: 'outi',
    tools: 'Outils',
    categoryKind: 'Catégorie',
    postAd: 'Déposer une annonce',
    openSearch: 'Ouvrir la recherche',
    browse: 'Parcourir les catégories',
  },
  de: {
    search: 'Inserate durchsuchen',
    what: 'Was suchen Sie?',
    where: 'Ort oder Postleitzahl',
    radius: 'Umkreis',
    moreFilters: 'Weitere Filter',
    tiles: 'Nach Kategorie stöbern',
    recent: 'Neueste Materialien',
    suggestions: 'Vorschläge',
    typed: 'werk',
    tools: 'Werkzeuge',
    categoryKind: 'Kategorie',
    postAd: 'Inserat aufgeben',
    openSearch: 'Suche öffnen',
    browse: 'Nach Kategorien stöbern',
  },
} satisfies Record<E2ELang, Record<string, string>>;

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'document width').toBeLessThanOrEqual(widths[1] ?? 0);
}

for (const lang of LANGS) {
  const t = T[lang];

  test(`${lang}: the first screen at 1280×800 shows the search, the category tiles and ads`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/${lang}/`);
    const search = page.getByRole('search', { name: t.search });
    await expect(search.getByRole('combobox', { name: t.what })).toBeInViewport();
    await expect(search.getByRole('combobox', { name: t.where })).toBeEnabled();
    await expect(search.getByRole('combobox', { name: t.radius })).toBeEnabled();
    await expect(search.getByRole('link', { name: t.moreFilters })).toHaveAttribute('href', `/${lang}/products`);

    const tiles = page.getByRole('region', { name: t.tiles });
    await expect(tiles.getByRole('listitem').first()).toBeInViewport();
    // Live counts from the index: the demo catalogue has tools.
    await expect(tiles.getByRole('link', { name: new RegExp(`^${t.tools} [1-9]`) })).toBeVisible();

    const cards = page.getByRole('region', { name: t.recent }).getByRole('article');
    await expect(cards.first()).toBeInViewport();
    // Only the header's "Post an ad": the home page's search is its first screen.
    await expect(page.getByRole('banner').getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: t.postAd })).toHaveAttribute(
      'href',
      `/${lang}/vendre`,
    );
    await noSidewaysScroll(page);
    expect(await axeProblems(page)).toEqual([]);
  });

  test(`${lang}: on a phone the latest ads start within the second screen`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lang}/`);
    const card = page.getByRole('region', { name: t.recent }).getByRole('article').first();
    await expect(card).toBeAttached();
    const box = await card.boundingBox();
    expect(box?.y ?? Infinity).toBeLessThan(2 * 844);
    await noSidewaysScroll(page);
  });

  test(`${lang}: suggests categories while typing and opens the chosen one from the keyboard`, async ({ page }) => {
    await page.goto(`/${lang}/`);
    const field = page.getByRole('search', { name: t.search }).getByRole('combobox', { name: t.what });
    await field.fill(t.typed);
    const list = page.getByRole('listbox', { name: t.suggestions });
    // The category itself, named in the page's language, with its number of ads.
    await expect(list.getByRole('option', { name: new RegExp(`^${t.tools} ${t.categoryKind} · [1-9]`) })).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(await axeProblems(page)).toEqual([]);
    await field.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    const options = list.getByRole('option');
    const index = (await options.allTextContents()).findIndex((text) =>
      text.startsWith(`${t.tools} ${t.categoryKind}`),
    );
    // Reopened, nothing is chosen yet: index + 1 steps reach the category.
    for (let i = 0; i <= index; i++) await field.press('ArrowDown');
    await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expect.poll(() => pathOf(page)).toBe(`/${lang}/products?category=tools`);
  });

  test(`${lang}: the header searches on the other pages, behind an icon on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lang}/about`);
    const banner = page.getByRole('banner');
    const field = banner.getByRole('combobox', { name: t.what });
    await expect(field).toBeHidden();
    await banner.getByRole('button', { name: t.openSearch }).click();
    await expect(field).toBeFocused();
    await field.fill('Hilti');
    await field.press('Enter');
    await expect.poll(() => pathOf(page)).toBe(`/${lang}/products?q=Hilti`);
    await noSidewaysScroll(page);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/${lang}/how-it-works`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('combobox', { name: t.what })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
  });

  test(`${lang}: the not-found page offers the search and the categories`, async ({ page }) => {
    await page.goto(`/${lang}/no-such-page`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('search', { name: t.search })).toBeVisible();
    const categories = main.getByRole('navigation', { name: t.browse });
    await expect(categories.getByRole('link', { name: t.tools, exact: true })).toHaveAttribute(
      'href',
      `/${lang}/products?category=tools`,
    );
    expect(await axeProblems(page)).toEqual([]);
  });
}
