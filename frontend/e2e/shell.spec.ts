import { expect, LANGS, scrollTo, TEXT, test } from './support';

test.describe('header', () => {
  for (const lang of LANGS) {
    test(`${lang}: dark on the home page, fixed after 50 px`, async ({ page }) => {
      await page.goto(`/${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].homeTitle);
      const header = page.getByRole('banner');
      await expect(header).toHaveClass(/site-header--dark/);
      await expect(header).not.toHaveClass(/site-header--fixed/);
      await expect(header).toHaveCSS('position', 'relative');

      await scrollTo(page, 40);
      await expect(header).not.toHaveClass(/site-header--fixed/);
      await scrollTo(page, 80);
      await expect(header).toHaveClass(/site-header--fixed/);
      await expect(header).toHaveCSS('position', 'fixed');
      await expect(header).toBeInViewport();

      await scrollTo(page, 0);
      await expect(header).not.toHaveClass(/site-header--fixed/);
    });

    test(`${lang}: light on other pages`, async ({ page }) => {
      await page.goto(`/${lang}/about`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].aboutTitle);
      await expect(page.getByRole('banner')).not.toHaveClass(/site-header--dark/);
    });
  }
});

test.describe('scroll-to-top button', () => {
  for (const lang of LANGS) {
    test(`${lang}: appears after 300 px and scrolls back up`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 600 });
      await page.goto(`/${lang}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].homeTitle);
      const button = page.getByRole('button', { name: TEXT[lang].backToTop });
      await expect(button).toHaveCount(0);
      await scrollTo(page, 250);
      await expect(button).toHaveCount(0);
      await scrollTo(page, 400);
      await expect(button).toBeVisible();
      const offset = Number(await page.getByTestId('scroll-progress').getAttribute('stroke-dashoffset'));
      const length = Number(await page.getByTestId('scroll-progress').getAttribute('stroke-dasharray'));
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThan(length);

      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(button).toHaveCount(0);
    });
  }

  test('is usable from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/de/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeTitle);
    await scrollTo(page, 500);
    await page.getByRole('button', { name: TEXT.de.backToTop }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('mobile menu (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const lang of LANGS) {
    test(`${lang}: opens, links Buy to the all-categories token, closes on Escape`, async ({ page }) => {
      await page.goto(`/${lang}/about`);
      await expect(page.getByRole('navigation', { name: TEXT[lang].mainNav })).toBeHidden();
      const burger = page.getByRole('button', { name: TEXT[lang].openMenu });
      await expect(burger).toBeVisible();

      await burger.click();
      const dialog = page.getByRole('dialog', { name: TEXT[lang].menu });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: TEXT[lang].buy, exact: true })).toHaveAttribute(
        'href',
        `/${lang}/products/eyJjYXRlZ29yeSI6ImFsbCJ9`,
      );
      // Focus stays inside the dialog.
      for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(burger).toBeFocused();
    });
  }

  test('fits a 320 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/fr/', '/de/contact-us', '/fr/how-it-works']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('security', () => {
  test('index.html has no inline script or style and carries the CSP', async ({ request }) => {
    const response = await request.get('/fr/');
    expect(response.ok()).toBe(true);
    const html = await response.text();
    // Data blocks (the inlined API answers, JSON-LD) are never executed; no other inline script.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>/i);
    expect(html).toContain('<script id="remat-boot" type="application/json">');
    expect(html).not.toMatch(/<style[\s>]/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    const header = response.headers()['content-security-policy'] ?? '';
    expect(header).toContain("default-src 'self'");
    expect(header).toContain("frame-ancestors 'none'");
  });

  test('the running app adds no <style> element', async ({ page }) => {
    await page.goto('/fr/contact-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.fr.contactTitle);
    expect(await page.locator('style').count()).toBe(0);
  });
});
