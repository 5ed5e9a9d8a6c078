import type { Locator, Page } from '@playwright/test';
import { apiLogin, axeProblems, expect, test } from './support';

/** A demo seller of the seeded local cloud, with a page of ads (photos, prices, discounts). */
const SELLER = { email: 'morel.renovation@example.ch', password: 'remat-demo-2025' };

const T = {
  fr: {
    myAds: 'Mes annonces',
    nav: 'Mon compte',
    more: /^Plus d’actions pour « .+ »$/,
    edit: /^Modifier « .+ »$/,
    deleteTitle: 'Supprimer l’annonce',
  },
  de: {
    myAds: 'Meine Inserate',
    nav: 'Mein Konto',
    more: /^Weitere Aktionen für «.+»$/,
    edit: /^«.+» bearbeiten$/,
    deleteTitle: 'Inserat löschen',
  },
} as const;

let token = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    token = (await apiLogin(api, SELLER.email, SELLER.password)) ?? '';
  } finally {
    await api.dispose();
  }
  expect(token, 'the seeded demo seller signs in').not.toBe('');
});

async function openMyAds(page: Page, lang: keyof typeof T, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.context().addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL ?? '' }]);
  await page.goto(`/${lang}/user/products`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].myAds);
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  return table;
}

/**
 * How far the main content reaches past the window's right edge, in whole pixels; content inside
 * a box that scrolls or clips by itself (the dashboard's tab row) does not count. The page shell
 * has checks of its own.
 */
async function pastRightEdge(page: Page): Promise<number> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const insideClip = (node: Element) => {
      for (let parent = node.parentElement; parent && parent.tagName !== 'MAIN'; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return Math.max(
      0,
      ...Array.from(document.querySelectorAll('main *'))
        .filter((node) => !insideClip(node))
        .map((node) => Math.ceil(node.getBoundingClientRect().right - width)),
    );
  });
}

/**
 * Cells whose right edge passes the table's box, and how far the page's main content reaches past
 * the window's right edge (the page shell has checks of its own).
 */
async function overflow(page: Page, table: Locator) {
  const sideways = await pastRightEdge(page);
  const cells = await table.evaluate((element) => {
    const box = element.parentElement?.getBoundingClientRect() ?? element.getBoundingClientRect();
    const clipped = Array.from(element.querySelectorAll('tbody th, tbody td'))
      .filter((cell) => cell.getBoundingClientRect().right > box.right + 0.5)
      .map((cell) => cell.textContent);
    return { clipped, tableInBox: element.getBoundingClientRect().right <= box.right + 0.5 };
  });
  return { ...cells, sideways };
}

/** The menu button is reached and used by keyboard only: arrows, Escape, and an action's dialog. */
async function menuByKeyboard(page: Page, lang: keyof typeof T, width: number) {
  const t = T[lang];
  const more = page.getByRole('button', { name: t.more }).first();
  await more.focus();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await expect(items.first()).toHaveAccessibleName(t.edit);
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  // The open menu stays on the screen and passes axe.
  const box = await menu.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(await axeProblems(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  // Enter opens it again; End reaches Delete, whose confirmation gives the focus back on Escape.
  await page.keyboard.press('Enter');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: t.deleteTitle });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(more).toBeFocused();
}

test.describe('My ads fits its box at every width', () => {
  test('de at 1280 px: a table that never clips, two-line titles, the menu by keyboard', async ({ page }) => {
    const table = await openMyAds(page, 'de', 1280, 800);
    expect(await overflow(page, table)).toEqual({ clipped: [], tableInBox: true, sideways: 0 });

    // Titles take two lines at most; the full title stays available.
    const titles = await table.locator('tbody .ads-row__title').evaluateAll((elements) =>
      elements.map((element) => ({
        lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
        full: element.getAttribute('title') === element.textContent,
      })),
    );
    expect(titles.length).toBeGreaterThan(3);
    for (const title of titles) {
      expect(title.lines).toBeLessThanOrEqual(2);
      expect(title.full).toBe(true);
    }
    // Every row shows its main action and its menu button inside the table.
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByRole('link', { name: T.de.edit })).toBeVisible();
    await expect(firstRow.getByRole('button', { name: T.de.more })).toBeInViewport();
    expect(await axeProblems(page)).toEqual([]);

    await menuByKeyboard(page, 'de', 1280);
  });

  test('fr at 390 px: compact cards, one row of dashboard tabs, the menu by keyboard', async ({ page }) => {
    const table = await openMyAds(page, 'fr', 390, 844);
    expect(await overflow(page, table)).toEqual({ clipped: [], tableInBox: true, sideways: 0 });

    // Cards: far from the 300 px stacks of label/value rows; several ads per screen.
    const heights = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(3);
    for (const height of heights) expect(height).toBeLessThanOrEqual(140);
    // On a card the menu holds every action; the main action is not drawn twice.
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByRole('link', { name: T.fr.edit })).toBeHidden();
    await expect(firstRow.getByRole('button', { name: T.fr.more })).toBeVisible();

    // The dashboard menu is one row of tabs that scrolls inside itself, the current page marked.
    const nav = page.getByRole('navigation', { name: T.fr.nav });
    const navBox = await nav.boundingBox();
    expect(navBox?.height ?? 0).toBeLessThan(60);
    const current = nav.getByRole('link', { name: T.fr.myAds });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toBeInViewport();
    expect(await axeProblems(page)).toEqual([]);

    await menuByKeyboard(page, 'fr', 390);
  });

  test('fr at 320 px: no sideways scroll on My ads and the profile', async ({ page }) => {
    const table = await openMyAds(page, 'fr', 320, 700);
    expect(await overflow(page, table)).toEqual({ clipped: [], tableInBox: true, sideways: 0 });
    await page.goto('/fr/user/information');
    await expect(page.getByLabel('Choisir une photo')).toBeAttached();
    const past = await pastRightEdge(page);
    expect(past).toBe(0);
    // The styled photo input is reached by keyboard and shows its focus on the visible button.
    await page.getByLabel('Choisir une photo').focus();
    const outline = await page
      .locator('label.file-picker__button')
      .evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(outline).toBe('solid');
    expect(await axeProblems(page)).toEqual([]);
  });
});
