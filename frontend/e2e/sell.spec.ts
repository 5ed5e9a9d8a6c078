import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import {
  apiSignUp,
  axeProblems,
  expect,
  LANGS,
  linkFromMailbox,
  pathOf,
  test,
  uniqueEmail,
  type E2ELang,
} from './support';

/** The texts this journey looks for, written out so that a broken translation fails it. */
const T = {
  fr: {
    myAds: 'Mes annonces',
    empty: 'Vous n’avez encore aucune annonce.',
    add: 'Ajouter une annonce',
    addTitle: 'Ajouter une annonce',
    continue: 'Continuer',
    required: 'Champ obligatoire',
    name: 'Nom',
    category: 'Catégorie',
    timber: 'Bois',
    brand: 'Marque (facultatif)',
    description: 'Descriptif',
    isNew: 'Neuf',
    price: 'Prix en CHF',
    discount: 'Remise en %',
    amount: 'Nombre',
    unit: 'Unité',
    squareMetres: 'mètres carrés (m²)',
    delivery: 'Livraison par mes soins',
    city: 'Code postal et localité',
    place: '1201 Genève',
    draftSaved: 'Brouillon enregistré.',
    photosTitle: 'Photos de l’annonce',
    choosePhotos: 'Choisir des photos',
    mainChoice: (n: number) => `Photo ${String(n)} comme image principale`,
    deletePhoto: (n: number) => `Supprimer la photo ${String(n)}`,
    photoDeleted: 'Photo supprimée.',
    publish: 'Publier',
    published: 'Votre annonce est publiée.',
    active: 'Activée',
    inactive: 'Désactivée',
    edit: (title: string) => `Modifier « ${title} »`,
    save: 'Enregistrer les modifications',
    saved: 'Modifications enregistrées.',
    back: 'Retour à mes annonces',
    more: (title: string) => `Plus d’actions pour « ${title} »`,
    deactivate: (title: string) => `Désactiver « ${title} »`,
    activate: (title: string) => `Activer « ${title} »`,
    statusTitle: 'Changer le statut',
    statusText: 'Voulez-vous changer le statut de ce produit ?',
    confirmDeactivate: 'Oui, désactiver',
    confirmActivate: 'Oui, activer',
    statusUpdated: 'Statut mis à jour',
  },
  de: {
    myAds: 'Meine Inserate',
    empty: 'Sie haben noch keine Inserate.',
    add: 'Inserat erfassen',
    addTitle: 'Inserat erfassen',
    continue: 'Weiter',
    required: 'Pflichtfeld',
    name: 'Bezeichnung',
    category: 'Kategorie',
    timber: 'Holz',
    brand: 'Marke (optional)',
    description: 'Beschreibung',
    isNew: 'Neu',
    price: 'Preis in CHF',
    discount: 'Rabatt in %',
    amount: 'Anzahl',
    unit: 'Einheit',
    squareMetres: 'Quadratmeter (m²)',
    delivery: 'Lieferung durch mich',
    city: 'Postleitzahl und Ort',
    place: '8001 Zürich',
    draftSaved: 'Entwurf gespeichert.',
    photosTitle: 'Fotos des Inserats',
    choosePhotos: 'Fotos auswählen',
    mainChoice: (n: number) => `Foto ${String(n)} als Hauptbild`,
    deletePhoto: (n: number) => `Foto ${String(n)} löschen`,
    photoDeleted: 'Foto gelöscht.',
    publish: 'Veröffentlichen',
    published: 'Ihr Inserat ist veröffentlicht.',
    active: 'Aktiv',
    inactive: 'Inaktiv',
    edit: (title: string) => `«${title}» bearbeiten`,
    save: 'Änderungen speichern',
    saved: 'Änderungen gespeichert.',
    back: 'Zurück zu meinen Inseraten',
    more: (title: string) => `Weitere Aktionen für «${title}»`,
    deactivate: (title: string) => `«${title}» deaktivieren`,
    activate: (title: string) => `«${title}» aktivieren`,
    statusTitle: 'Status ändern',
    statusText: 'Möchten Sie den Status dieses Produkts ändern?',
    confirmDeactivate: 'Ja, deaktivieren',
    confirmActivate: 'Ja, aktivieren',
    statusUpdated: 'Status aktualisiert',
  },
} as const satisfies Record<E2ELang, unknown>;

const PASSWORD = 'Bauholz-Rest-2026!';

// ---- photos made in the test: small PNGs, each with its own colours ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB PNG with diagonal stripes of two colours (a plausible "photo" for the pipeline). */
function stripedPng(width: number, height: number, a: readonly number[], b: readonly number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0;
    for (let x = 0; x < width; x++) {
      const colour = Math.floor((x + y) / 24) % 2 === 0 ? a : b;
      raw.set(colour, y * stride + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHOTOS = [
  { name: 'parquet-1.png', mimeType: 'image/png', buffer: stripedPng(320, 240, [150, 100, 50], [190, 140, 80]) },
  { name: 'parquet-2.png', mimeType: 'image/png', buffer: stripedPng(400, 300, [120, 80, 40], [220, 180, 120]) },
  { name: 'parquet-3.png', mimeType: 'image/png', buffer: stripedPng(300, 300, [90, 60, 30], [160, 120, 70]) },
];

// ---- helpers ----

/**
 * A verified seller with a paid Starter plan (five ads), made once for the whole file through the
 * API: signed up, verified with the e-mailed link, logged in, and paid with the test-mode card.
 * One seller for both languages keeps the run within the sign-up limit per address.
 */
async function sellerWithPlan(api: APIRequestContext): Promise<string> {
  const email = uniqueEmail('fr');
  await apiSignUp(api, {
    firstName: 'Sam',
    lastName: 'Seller',
    email,
    phone: '+41 79 765 43 21',
    password: PASSWORD,
    language: 'fr',
  });
  const link = await linkFromMailbox(api, email, 'email-verification');
  const verified = await api.post('/api/v1/auth/verify-account', { data: { token: link.split('/').pop() } });
  expect(verified.status(), await verified.text()).toBe(200);

  const login = await api.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };

  const ordered = await api.post('/api/v1/orders', { headers, data: { planId: 'starter', acceptTerms: true } });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const { order } = (await ordered.json()) as { order: { id: string; status: string } };
  if (order.status !== 'paid') {
    const paid = await api.post(`/api/v1/orders/${order.id}/test-payment`, {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status(), await paid.text()).toBe(202);
  }
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/v1/subscriptions/me', { headers });
        const body = (await response.json()) as { current: { state: string; remainingAds: number } | null };
        return body.current?.state === 'valid' && body.current.remainingAds > 0;
      },
      { timeout: 20_000, message: 'a valid subscription after the test payment' },
    )
    .toBe(true);
  return token;
}

let sellerToken = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(60_000);
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    sellerToken = await sellerWithPlan(api);
  } finally {
    await api.dispose();
  }
});

test.describe('selling against the real backend and image pipeline', () => {
  for (const lang of LANGS) {
    test(`${lang}: a seller creates a draft, uploads three photos, sets the main image, deletes a photo, publishes, edits and toggles the ad`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const t = T[lang];
      const token = sellerToken;
      const title = `Parquet ${lang} ${Date.now().toString(36)}`;
      const main = page.getByRole('main');
      await page.context().addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL ?? '' }]);

      // My ads: empty for a new seller (the first journey of the file).
      await page.goto(`/${lang}/user/products`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.myAds);
      if (lang === LANGS[0]) await expect(page.getByText(t.empty)).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // Step 1: the details, checked in the browser first.
      await main.getByRole('link', { name: t.add, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.addTitle);
      await expect(page.getByLabel(t.category)).toContainText(t.timber);
      await page.getByRole('button', { name: t.continue }).click();
      await expect(page.getByLabel(t.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(t.name, { exact: true })).toBeFocused();
      await expect(page.getByLabel(t.category)).toHaveAccessibleDescription(t.required);
      expect(await axeProblems(page)).toEqual([]);

      await page.getByLabel(t.name, { exact: true }).fill(title);
      await page.getByLabel(t.category).selectOption({ label: t.timber });
      await page.getByLabel(t.brand).fill('Bauwerk');
      await page
        .getByLabel(t.description, { exact: true })
        .fill('Oak parquet, never laid, stored dry. 40 m² in boxes.');
      await page.getByRole('radio', { name: t.isNew, exact: true }).check();
      await page.getByLabel(t.price).fill('1250');
      await page.getByLabel(t.discount).fill('10');
      await page.getByLabel(t.amount, { exact: true }).fill('40');
      await page.getByLabel(t.unit).selectOption({ label: t.squareMetres });
      await page.getByRole('checkbox', { name: t.delivery }).check();
      await page.getByLabel(t.city).fill(t.place);
      await page.getByRole('button', { name: t.continue }).click();

      // Step 2: the photos of the saved draft.
      await expect(page).toHaveURL(new RegExp(`/${lang}/user/products/edit-product/[0-9A-Z]{26}\\?step=photos$`));
      const adId = /edit-product\/([0-9A-Z]{26})/.exec(pathOf(page))?.[1] ?? '';
      await expect(page.getByText(t.draftSaved)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t.photosTitle })).toBeVisible();
      await page.getByLabel(t.choosePhotos).setInputFiles(PHOTOS);
      for (const n of [1, 2, 3]) {
        await expect(page.getByRole('radio', { name: t.mainChoice(n) })).toBeVisible({ timeout: 60_000 });
      }
      // The first photo the pipeline finished became the main image; choose another one.
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
      let choice = 3;
      while (await page.getByRole('radio', { name: t.mainChoice(choice) }).isChecked()) choice -= 1;
      const chosenRadio = page.getByRole('radio', { name: t.mainChoice(choice) });
      const [chosen] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === 'PATCH' && /\/api\/v1\/products\/[^/]+\/images\//.test(response.url()),
        ),
        chosenRadio.check(),
      ]);
      expect(chosen.status()).toBe(200);
      await expect(chosenRadio).toBeChecked();
      const chosenId = (await chosenRadio.getAttribute('value')) ?? '';
      expect(await axeProblems(page)).toEqual([]);

      // A photo that is not the main image is deleted, with its renditions in the bucket.
      const other = [1, 2, 3].find((n) => n !== choice) ?? 1;
      const [deleted] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === 'DELETE' && /\/api\/v1\/products\/[^/]+\/images\//.test(response.url()),
        ),
        page.getByRole('button', { name: t.deletePhoto(other) }).click(),
      ]);
      expect(deleted.ok(), await deleted.text()).toBe(true);
      await expect(page.getByText(t.photoDeleted)).toBeVisible();
      await expect(page.getByRole('radio', { name: t.mainChoice(3) })).toHaveCount(0);

      await page.getByRole('button', { name: t.publish, exact: true }).click();
      await expect(page.getByText(t.published)).toBeVisible();
      await expect.poll(() => pathOf(page)).toBe(`/${lang}/user/products`);
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row.getByText(t.active, { exact: true })).toBeVisible();
      await expect(row).toContainText(/1.250[.,]00/);

      // The server has the two processed photos left and the chosen main image.
      const detail = await request.get(`/api/v1/products/${adId}`, { headers: { Authorization: `Bearer ${token}` } });
      const ad = (await detail.json()) as { status: string; mainImageId: string; images: { state: string }[] };
      expect(ad.status).toBe('active');
      expect(ad.mainImageId).toBe(chosenId);
      expect(ad.images.map((image) => image.state)).toEqual(['ready', 'ready']);
      expect(await axeProblems(page)).toEqual([]);

      // Editing the active ad saves at once.
      await row.getByRole('link', { name: t.edit(title) }).click();
      await expect(page.getByLabel(t.name, { exact: true })).toHaveValue(title);
      await page.getByLabel(t.price).fill('1100');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await page.getByRole('link', { name: t.back }).click();
      await expect(row).toContainText(/1.100[.,]00/);

      // Status, from the row's "more actions" menu: deactivate after the confirmation, then activate again.
      await row.getByRole('button', { name: t.more(title) }).click();
      await page.getByRole('menuitem', { name: t.deactivate(title) }).click();
      const dialog = page.getByRole('alertdialog', { name: t.statusTitle });
      await expect(dialog).toHaveAccessibleDescription(t.statusText);
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: t.confirmDeactivate }).click();
      await expect(page.getByText(t.statusUpdated)).toBeVisible();
      await expect(row.getByText(t.inactive, { exact: true })).toBeVisible();

      await row.getByRole('button', { name: t.more(title) }).click();
      await page.getByRole('menuitem', { name: t.activate(title) }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.confirmActivate }).click();
      await expect(row.getByText(t.active, { exact: true })).toBeVisible();
    });
  }
});
