import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  apiSignUp,
  attachPhotoAndPublish,
  axeProblems,
  expect,
  expectMail,
  gradientPng,
  LANGS,
  linkFromMailbox,
  pathOf,
  test,
  TEXT,
  uniqueEmail,
  type E2ELang,
} from './support';

/** The texts this journey looks for, written out so that a broken translation fails it. */
const T = {
  fr: {
    nav: 'Confidentialité et compte',
    title: 'Confidentialité et compte',
    download: 'Télécharger mes données',
    downloaded: 'Vos données ont été téléchargées.',
    remove: 'Supprimer mon compte',
    invoicesKept: 'Les factures, commandes et paiements sont conservés dix ans',
    dialog: 'Supprimer définitivement votre compte ?',
    password: 'Mot de passe actuel',
    wrong: 'Le mot de passe ou l’adresse e-mail ne correspond pas à votre compte.',
    deleted: 'Votre compte a été supprimé. Les factures sont conservées dix ans, comme l’exige la loi.',
    mail: 'Votre compte Remat a été supprimé',
    loginTitle: 'Connexion',
    email: 'Adresse e-mail',
    loginPassword: 'Mot de passe',
    loginButton: 'Se connecter',
    invalidCredentials: 'Identifiants invalides',
    notFound: 'Produit introuvable',
  },
  de: {
    nav: 'Datenschutz und Konto',
    title: 'Datenschutz und Konto',
    download: 'Meine Daten herunterladen',
    downloaded: 'Ihre Daten wurden heruntergeladen.',
    remove: 'Mein Konto löschen',
    invoicesKept: 'Rechnungen, Bestellungen und Zahlungen werden zehn Jahre aufbewahrt',
    dialog: 'Ihr Konto endgültig löschen?',
    password: 'Aktuelles Passwort',
    wrong: 'Das Passwort oder die E-Mail-Adresse passt nicht zu Ihrem Konto.',
    deleted: 'Ihr Konto wurde gelöscht. Rechnungen werden zehn Jahre aufbewahrt, wie es das Gesetz verlangt.',
    mail: 'Ihr Remat-Konto wurde gelöscht',
    loginTitle: 'Anmelden',
    email: 'E-Mail-Adresse',
    loginPassword: 'Passwort',
    loginButton: 'Anmelden',
    invalidCredentials: 'Ungültige Anmeldedaten',
    notFound: 'Produkt nicht gefunden',
  },
} as const satisfies Record<E2ELang, Record<string, string>>;

const PASSWORD = 'Abbruch-Material-2026!';

/** The parts of the export this journey reads. */
interface ExportDocument {
  format: string;
  account: { email: string; firstName: string; hasPassword: boolean; language: string };
  ads: { id: string; title: string; photos: { urls: Record<string, string> }[] }[];
  orders: { status: string; invoiceId?: string }[];
  invoices: { id: string; number: string }[];
}

/**
 * A fresh seller (never one of the shared demo sellers): signed up and verified through the API
 * and the development mailbox, holding the Pro plan's free trial (an order with an invoice) and
 * one published ad with a photo.
 */
async function freshSeller(api: APIRequestContext, lang: E2ELang) {
  const email = uniqueEmail(lang);
  await apiSignUp(api, {
    firstName: lang === 'fr' ? 'Noémie' : 'Jürg',
    lastName: 'Datenschutz',
    email,
    phone: '+41 79 222 33 44',
    password: PASSWORD,
    language: lang,
  });
  const link = await linkFromMailbox(api, email, 'email-verification');
  const verify = await api.post('/api/v1/auth/verify-account', { data: { token: link.split('/').pop() } });
  expect(verify.status(), await verify.text()).toBe(200);
  const token = await apiLogin(api, email, PASSWORD);
  if (token === null) throw new Error('the fresh seller cannot log in');
  const auth = { Authorization: `Bearer ${token}` };
  const order = await api.post('/api/v1/orders', { headers: auth, data: { planId: 'pro', acceptTerms: true } });
  expect(order.status(), await order.text()).toBe(201);

  const title = `Tuiles à donner ${lang} ${Date.now().toString(36)}`;
  const created = await api.post('/api/v1/products', {
    headers: auth,
    data: {
      title,
      categorySlug: 'timber',
      brand: 'Remat Test',
      description: 'Restes d’un chantier, stockés au sec.',
      priceRp: 5_000,
      discountPct: 0,
      condition: 'used',
      quantity: { amount: 12, unit: 'pieces' },
      pickup: true,
      delivery: false,
      location: { kind: 'canton', canton: 'ZH' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await attachPhotoAndPublish(api, auth, id, gradientPng(480, 360, 40));
  return { email, token, adId: id, title };
}

/**
 * axeProblems once the page has settled: the home page shown after the deletion may cancel an
 * animation the check is waiting for, which is asked again rather than failed.
 */
async function settledAxeProblems(page: Page): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await axeProblems(page);
    } catch (error) {
      if (attempt === 3) throw error;
      await page.waitForTimeout(500);
    }
  }
}

test.describe('privacy: download my data, delete my account', () => {
  for (const lang of LANGS) {
    test(`${lang}: a seller downloads their data, deletes the account and cannot log in again`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const t = T[lang];
      const seller = await freshSeller(request, lang);

      const context = await browser.newContext({ acceptDownloads: true });
      await context.addCookies([{ name: 'token', value: seller.token, url: baseURL ?? '' }]);
      const page = await context.newPage();
      await page.goto(`/${lang}/user/information`);
      await page
        .getByRole('navigation', { name: lang === 'fr' ? 'Mon compte' : 'Mein Konto' })
        .getByRole('link', { name: t.nav })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
      expect(pathOf(page)).toBe(`/${lang}/user/privacy`);
      await expect(page.getByText(t.invoicesKept)).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // Download: one JSON file with the account, the ad and its photo, the order and its invoice.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t.download }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^remat-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile(await download.path(), 'utf8')) as ExportDocument;
      expect(data.format).toBe('remat-account-export/1');
      expect(data.account).toMatchObject({ email: seller.email, hasPassword: true, language: lang });
      expect(data.ads.map((ad) => ad.id)).toEqual([seller.adId]);
      const photoUrl = data.ads[0]?.photos[0]?.urls.large ?? '';
      // The JPEG large rendition: images/products/<ad>/<image>/large.jpg (<image>-large.jpg before WebP).
      expect(photoUrl).toMatch(new RegExp(`/images/products/${seller.adId}/[0-9A-Z]+[/-]large\\.jpg$`));
      expect(data.orders.map((order) => order.status)).toEqual(['paid']);
      expect(data.invoices).toHaveLength(1);
      await expect(page.getByRole('status').getByText(t.downloaded)).toBeVisible();
      const photoPath = new URL(photoUrl).pathname;
      expect((await request.get(photoPath)).status()).toBe(200);

      // Delete: a wrong password is refused, the right one deletes; home with a notice.
      await page.getByRole('button', { name: t.remove }).click();
      const dialog = page.getByRole('dialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(t.password)).toBeFocused();
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByLabel(t.password).fill('not-my-password');
      await dialog.getByRole('button', { name: t.remove }).click();
      await expect(dialog.getByRole('alert')).toHaveText(t.wrong);
      await dialog.getByLabel(t.password).fill(PASSWORD);
      await dialog.getByRole('button', { name: t.remove }).click();
      await expect(page.getByRole('status').getByText(t.deleted)).toBeVisible();
      expect(pathOf(page)).toBe(`/${lang}/`);
      expect((await context.cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].homeTitle);
      expect(await settledAxeProblems(page)).toEqual([]);

      // The e-mail went out in the account's language; the ad and its photo are gone.
      await expectMail(request, seller.email, t.mail);
      expect((await request.get(`/api/v1/products/${seller.adId}`)).status()).toBe(404);
      expect((await request.get(photoPath)).ok()).toBe(false);
      await page.goto(`/${lang}/product/${seller.adId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound);

      // The account is gone: the old session is refused and logging in fails like an unknown one.
      const old = await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${seller.token}` } });
      expect(old.status()).toBe(401);
      expect(await apiLogin(request, seller.email, PASSWORD)).toBeNull();
      await page.goto(`/${lang}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.loginTitle);
      await page.getByLabel(t.email).fill(seller.email);
      await page.getByLabel(t.loginPassword, { exact: true }).fill(PASSWORD);
      await page.getByRole('main').getByRole('button', { name: t.loginButton }).click();
      await expect(page.getByRole('alert')).toContainText(t.invalidCredentials);
      await context.close();
    });
  }
});
