import { expect, LANGS, pathOf, TEXT, test } from './support';

test.describe('language prefix', () => {
  test('the root goes to the French home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.fr.homeTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('an unprefixed path goes to its French version with query and hash', async ({ page }) => {
    await page.goto('/about?x=1#team');
    await expect.poll(() => pathOf(page)).toBe('/fr/about?x=1#team');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.fr.aboutTitle);
  });

  test('the redirect replaces the history entry', async ({ page }) => {
    await page.goto('/fr/about');
    const before = await page.evaluate(() => history.length);
    await page.evaluate(() => {
      // A client-side visit to an unprefixed path, as a stale link inside the app would do.
      history.pushState(null, '', '/how-it-works');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/fr\/how-it-works$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.fr.howTitle);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await expect(page).toHaveURL(/\/fr\/about$/);
  });

  test('an unknown prefix is treated as a French path that does not exist', async ({ page }) => {
    await page.goto('/xx/about');
    await expect.poll(() => pathOf(page)).toBe('/fr/xx/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.fr.notFoundTitle);
  });

  for (const lang of LANGS) {
    test(`a repeated ${lang} segment is removed`, async ({ page }) => {
      await page.goto(`/${lang}/${lang}/about?ref=x`);
      await expect.poll(() => pathOf(page)).toBe(`/${lang}/about?ref=x`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].aboutTitle);

      await page.goto(`/${lang}/${lang}/`);
      await expect.poll(() => pathOf(page)).toBe(`/${lang}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].homeTitle);
    });
  }
});

test.describe('not-found page', () => {
  for (const lang of LANGS) {
    test(`${lang}: unknown page, then Home`, async ({ page }) => {
      await page.goto(`/${lang}/this/does/not/exist`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].notFoundTitle);
      await expect(page.getByText(TEXT[lang].notFoundText)).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: TEXT[lang].home }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].homeTitle);
    });
  }
});

test.describe('language switch', () => {
  const switches = [
    { from: 'fr', to: 'de', option: 'Deutsch' },
    { from: 'de', to: 'fr', option: 'Français' },
  ] as const;

  for (const { from, to, option } of switches) {
    test(`${from} -> ${to}: swaps the prefix, keeps the rest, replaces history`, async ({ page }) => {
      await page.goto(`/${from}/about`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[from].aboutTitle);
      await page.goto(`/${from}/how-it-works?ref=e2e#sell`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[from].howTitle);
      const before = await page.evaluate(() => history.length);

      const header = page.getByRole('banner');
      await header.getByRole('button', { name: new RegExp(`^${TEXT[from].languageLabel} `) }).click();
      await page.getByRole('menuitemradio', { name: option }).click();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[to].howTitle);
      expect(pathOf(page)).toBe(`/${to}/how-it-works?ref=e2e#sell`);
      await expect(page.locator('html')).toHaveAttribute('lang', to);
      await expect(header.getByRole('button', { name: `${TEXT[to].languageLabel} ${option}` })).toBeVisible();
      expect(await page.evaluate(() => history.length)).toBe(before);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/${from}/about$`));
    });
  }
});
