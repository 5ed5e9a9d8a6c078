import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  asOwnViewer,
  axeProblems,
  ensureAdmin,
  expect,
  pathOf,
  test,
  uniqueEmail,
  type E2ELang,
} from './support';

/** The texts these journeys look for, written out so that a broken translation fails them. */
const T = {
  fr: {
    loginEmail: 'Adresse e-mail',
    loginPassword: 'Mot de passe',
    loginButton: 'Se connecter',
    inboxTitle: 'Messages de contact',
    markHandled: (subject: string) => `Marquer le message « ${subject} » comme traité`,
    markedHandled: 'Message marqué comme traité.',
    handledBy: /^Par .+, le \d{2}\.\d{2}\.\d{4}/,
    handledTab: 'Traités',
    adminNav: 'Sections de l’administration',
    categoriesLink: 'Catégories',
    categoriesTitle: 'Catégories',
    edit: (name: string) => `Modifier la catégorie « ${name} »`,
    nameField: 'Nom en français',
    save: 'Enregistrer les modifications',
    saved: 'Catégorie enregistrée.',
    filter: 'Catégorie',
    auditLink: 'Journal d’audit',
    changed: 'Catégorie modifiée',
  },
  de: {
    loginEmail: 'E-Mail-Adresse',
    loginPassword: 'Passwort',
    loginButton: 'Anmelden',
    inboxTitle: 'Kontaktnachrichten',
    markHandled: (subject: string) => `Nachricht «${subject}» als erledigt markieren`,
    markedHandled: 'Nachricht als erledigt markiert.',
    handledBy: /^Von .+, \d{2}\.\d{2}\.\d{4}/,
    handledTab: 'Erledigt',
    adminNav: 'Bereiche der Verwaltung',
    categoriesLink: 'Kategorien',
    categoriesTitle: 'Kategorien',
    edit: (name: string) => `Kategorie «${name}» bearbeiten`,
    nameField: 'Name auf Deutsch',
    save: 'Änderungen speichern',
    saved: 'Kategorie gespeichert.',
    filter: 'Kategorie',
    auditLink: 'Prüfprotokoll',
    changed: 'Kategorie geändert',
  },
} as const satisfies Record<E2ELang, Record<string, unknown>>;

/** The journeys run in French and German. */
const JOURNEY_LANGS = ['fr', 'de'] as const satisfies readonly E2ELang[];

/** The seeded sub-category the journeys rename, and restore. */
const CATEGORY = 'roofing';

function randomWord(): string {
  return Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function logIn(page: Page, lang: E2ELang) {
  const t = T[lang];
  const main = page.getByRole('main');
  await main.getByLabel(t.loginEmail, { exact: true }).fill(ADMIN.email);
  await main.getByLabel(t.loginPassword, { exact: true }).fill(ADMIN.password);
  await main.getByRole('button', { name: t.loginButton }).click();
}

/** The category's name in `lang` as the back office's API has it now. */
async function categoryName(api: APIRequestContext, token: string, lang: E2ELang): Promise<string> {
  const response = await api.get('/api/v1/admin/categories', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { slug: string; names: Record<string, string> }[] };
  return items.find((c) => c.slug === CATEGORY)?.names[lang] ?? '';
}

/**
 * Waits until the public search filter offers (or no longer offers) `name`, as a visitor sees it
 * on a fresh page load. The products function notices the change within 5 seconds; browsers may
 * keep the category list for 60 seconds (Cache-Control), so this visitor's HTTP cache is off
 * (Playwright turns it off for a page with a route).
 */
async function expectInSearchFilter(browser: Browser, lang: E2ELang, name: string, present: boolean) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route('**/api/v1/categories', (route) => route.continue());
    const select = page.getByRole('main').getByLabel(T[lang].filter, { exact: true });
    await expect
      .poll(
        async () => {
          await page.goto(`/${lang}/products`);
          await expect(select.locator('option').nth(1)).toBeAttached({ timeout: 20_000 });
          return (await select.locator('option').allTextContents()).map((o) => o.trim()).includes(name);
        },
        {
          timeout: 60_000,
          intervals: [1_000, 2_000, 3_000],
          message: `the search filter ${present ? 'offers' : 'no longer offers'} ${name}`,
        },
      )
      .toBe(present);
  } finally {
    await context.close();
  }
}

test.describe('the contact-us inbox and the category tree in the back office', () => {
  let adminReady = false;

  test.beforeAll(async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: process.env.REMAT_BASE_URL });
    adminReady = await ensureAdmin(api);
    await api.dispose();
  });

  for (const lang of JOURNEY_LANGS) {
    test(`${lang}: an administrator marks a message handled, renames a category, sees it on the search filters and restores it`, async ({
      page,
      browser,
      playwright,
    }) => {
      test.skip(
        !adminReady,
        'no administrator: set REMAT_ADMIN_SETUP_SECRET (printed by the local cloud) or REMAT_ADMIN_EMAIL and REMAT_ADMIN_PASSWORD',
      );
      test.setTimeout(150_000);
      const t = T[lang];
      const api = await playwright.request.newContext({ baseURL: process.env.REMAT_BASE_URL });
      const token = await apiLogin(api, ADMIN.email, ADMIN.password);
      expect(token).not.toBeNull();
      const original = await categoryName(api, token ?? '', lang);
      expect(original).not.toBe('');
      const renamed = `${original} ${randomWord()}`;

      try {
        // A visitor writes through the contact form (as a viewer of its own, so the journey does
        // not spend the per-address budget of the other contact-us journeys).
        const subject = `Tuiles ${randomWord()}`;
        const viewer = asOwnViewer('/api/v1/contact-us');
        const sent = await api.post(viewer.url, {
          headers: viewer.headers,
          data: {
            name: 'Vera Visiteuse',
            email: uniqueEmail(lang),
            subject,
            message: 'Prenez-vous des tuiles usagées ?',
          },
        });
        expect(sent.status(), await sent.text()).toBe(201);

        // The administrator logs in on the way to the inbox and marks the message handled.
        await page.goto(`/${lang}/admin/contact-us`);
        await expect.poll(() => pathOf(page)).toBe(`/${lang}/login?returnTo=%2F${lang}%2Fadmin%2Fcontact-us`);
        await logIn(page, lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.inboxTitle);
        const row = page.getByRole('row').filter({ hasText: subject });
        await row.getByRole('button', { name: t.markHandled(subject) }).click();
        await expect(page.getByText(t.markedHandled)).toBeVisible();
        await expect(row.getByText(t.handledBy)).toBeVisible();
        expect(await axeProblems(page)).toEqual([]);
        await page.getByRole('link', { name: t.handledTab, exact: true }).click();
        await expect(page.getByRole('row').filter({ hasText: subject }).getByText(t.handledBy)).toBeVisible();

        // It renames the category in the page's language only.
        await page.getByRole('navigation', { name: t.adminNav }).getByRole('link', { name: t.categoriesLink }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.categoriesTitle);
        expect(await axeProblems(page)).toEqual([]);
        await page.getByRole('button', { name: t.edit(original) }).click();
        const field = page.getByRole('textbox', { name: t.nameField });
        await expect(field).toHaveValue(original);
        await field.fill(renamed);
        expect(await axeProblems(page)).toEqual([]);
        await page.getByRole('button', { name: t.save }).click();
        await expect(page.getByText(t.saved)).toBeVisible();
        await expect(page.getByRole('row').filter({ hasText: CATEGORY })).toContainText(renamed);

        // Visitors find the new name among the search filters.
        await expectInSearchFilter(browser, lang, renamed, true);

        // The change is in the audit log.
        await page.getByRole('navigation', { name: t.adminNav }).getByRole('link', { name: t.auditLink }).click();
        await expect(page.getByRole('row').filter({ hasText: CATEGORY }).first()).toContainText(t.changed);

        // It restores the name; the filters show the original again.
        await page.getByRole('navigation', { name: t.adminNav }).getByRole('link', { name: t.categoriesLink }).click();
        await page.getByRole('button', { name: t.edit(renamed) }).click();
        await page.getByRole('textbox', { name: t.nameField }).fill(original);
        await page.getByRole('button', { name: t.save }).click();
        await expect(page.getByText(t.saved)).toBeVisible();
        await expectInSearchFilter(browser, lang, original, true);
        await expectInSearchFilter(browser, lang, renamed, false);
      } finally {
        // Whatever happened above, leave the tree as the other journeys expect it.
        if ((await categoryName(api, token ?? '', lang)) !== original) {
          await api.patch(`/api/v1/admin/categories/${CATEGORY}`, {
            headers: { Authorization: `Bearer ${token ?? ''}` },
            data: { names: { [lang]: original } },
          });
        }
        await api.dispose();
      }
    });
  }
});
