import AxeBuilder from '@axe-core/playwright';
import { expect, LANGS, test } from './support';

const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['how it works', '/how-it-works'],
  ['contact us', '/contact-us'],
  ['not found', '/no-such-page'],
  ['login', '/login'],
  ['account creation', '/account-creation'],
  ['forgot password', '/forgot-password'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
] as const;

async function seriousViolations(builder: AxeBuilder) {
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? ''}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

for (const lang of LANGS) {
  for (const [name, path] of PAGES) {
    test(`${lang} ${name}: no serious or critical axe violations`, async ({ page }) => {
      await page.goto(`/${lang}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(new AxeBuilder({ page }))).toEqual([]);
    });
  }
}

for (const lang of LANGS) {
  test(`${lang} pricing (vendre?choosePlan=true): no serious or critical axe violations`, async ({ page }) => {
    await page.goto(`/${lang}/vendre?choosePlan=true`);
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await seriousViolations(new AxeBuilder({ page }))).toEqual([]);
  });
}

test('fr: the open mobile menu has no serious or critical axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/fr/');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(new AxeBuilder({ page }))).toEqual([]);
});

test('de: the contact form showing field errors has no serious or critical axe violations', async ({ page }) => {
  await page.route('**/api/v1/contact-us', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'validation_failed', fields: { name: 'required', message: 'too_long' } } }),
    }),
  );
  await page.goto('/de/contact-us');
  await page.getByLabel('Ihr Name').fill('x');
  await page.getByLabel('Ihre E-Mail-Adresse').fill('x@example.com');
  await page.getByLabel('Betreff').fill('x');
  await page.getByLabel('Ihre Nachricht').fill('x');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByLabel('Ihr Name')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(new AxeBuilder({ page }))).toEqual([]);
});
