import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiTrialSeller,
  attachPhotoAndPublish,
  axeProblems,
  expect,
  gradientPng,
  LANGS,
  pathOf,
  test,
  type E2ELang,
} from './support';

/** The texts these journeys look for, written out so that a broken translation fails them. */
const T = {
  fr: {
    tiles: 'Parcourir par catégorie',
    category: 'Catégorie',
    tools: 'Outils',
    maxPrice: "Prix jusqu'à (CHF)",
    searchButton: 'Rechercher',
    filters: 'Filtres',
    text: 'Rechercher',
    location: 'Localité ou code postal',
    radius: 'Rayon',
    sortBy: 'Trier par',
    priceAscending: 'Prix croissant',
    around: 'À 10 km au plus de 1201 Genève (GE)',
    unknownPlace: /Nous ne connaissons pas ce lieu/,
    distance: /^à \d/,
    seller: 'Vendeur',
    keyFacts: 'Prix et lieu',
    individual: 'Particulier',
    contactForm: 'Contacter le vendeur',
    message: 'Votre message',
    report: 'Signaler cette annonce',
    viewed: 'Matériaux consultés récemment',
    recent: 'Matériaux récents',
    notFound: 'Produit introuvable',
    list: 'Matériaux, outils et machines',
  },
  de: {
    tiles: 'Nach Kategorie stöbern',
    category: 'Kategorie',
    tools: 'Werkzeuge',
    maxPrice: 'Preis bis (CHF)',
    searchButton: 'Suchen',
    filters: 'Filter',
    text: 'Suchen',
    location: 'Ort oder Postleitzahl',
    radius: 'Umkreis',
    sortBy: 'Sortieren nach',
    priceAscending: 'Preis aufsteigend',
    around: 'Im Umkreis von 10 km um 1201 Genève (GE)',
    unknownPlace: /Diesen Ort kennen wir nicht/,
    distance: / entfernt$/,
    seller: 'Verkäufer',
    keyFacts: 'Preis und Ort',
    individual: 'Privatperson',
    contactForm: 'Verkäufer kontaktieren',
    message: 'Ihre Nachricht',
    report: 'Dieses Inserat melden',
    viewed: 'Zuletzt angesehene Materialien',
    recent: 'Neueste Materialien',
    notFound: 'Produkt nicht gefunden',
    list: 'Materialien, Werkzeuge und Maschinen',
  },
} as const satisfies Record<E2ELang, Record<string, string | RegExp>>;

const PASSWORD = 'Bauholz-Rest-2026!';

/** A word no other ad has, so the searches below find exactly the ads made here. */
const WORD = `zq${Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** The ads this file publishes: two near Geneva, one in Zurich, in three categories and prices. */
const ADS = {
  tiles: {
    title: `Tuiles ${WORD} terre cuite`,
    categorySlug: 'roofing',
    priceRp: 12_000,
    discountPct: 10,
    condition: 'used',
    quantity: { amount: 400, unit: 'pieces' },
    postalCode: '8001',
  },
  drill: {
    title: `Perforateur ${WORD} sans fil`,
    categorySlug: 'power-tools',
    priceRp: 25_000,
    discountPct: 0,
    condition: 'used',
    quantity: { amount: 1, unit: 'pieces' },
    postalCode: '1201',
  },
  beams: {
    title: `Poutres ${WORD} chêne massif`,
    categorySlug: 'timber',
    priceRp: 150_000,
    discountPct: 0,
    condition: 'new',
    quantity: { amount: 3.5, unit: 'm3' },
    postalCode: '1201',
  },
} as const;
type AdName = keyof typeof ADS;

/** Creates an ad, uploads its photo straight to storage, waits for the renditions, publishes it. */
async function publishAd(api: APIRequestContext, token: string, name: AdName): Promise<string> {
  const { postalCode, ...ad } = ADS[name];
  const auth = { Authorization: `Bearer ${token}` };
  const created = await api.post('/api/v1/products', {
    headers: auth,
    data: {
      ...ad,
      brand: 'Remat Test',
      description: `${ad.title}: stored dry, collected on site or delivered.`,
      pickup: true,
      delivery: name === 'beams',
      location: { kind: 'city', postalCode },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await attachPhotoAndPublish(api, auth, id, gradientPng(480, 360, 110));
  return id;
}

/** The titles of the result cards, in order. */
function resultTitles(page: Page) {
  return page.locator('.catalogue__results').getByRole('article').getByRole('heading');
}

let seller = '';
const ids: Partial<Record<AdName, string>> = {};

test.describe('catalogue: a buyer searches and opens ads', () => {
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const api = await playwright.request.newContext({ baseURL: process.env.REMAT_BASE_URL });
    seller = await apiTrialSeller(api, {
      firstName: 'Carla',
      lastName: 'Catalogue',
      phone: '+41 79 111 22 33',
      password: PASSWORD,
      language: 'fr',
    });
    for (const name of Object.keys(ADS) as AdName[]) ids[name] = await publishAd(api, seller, name);
    await api.dispose();
  });

  for (const lang of LANGS) {
    test(`${lang}: by category + max price, by text, by postal code + radius; opens one; sees it recently viewed`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const t = T[lang];

      // Home: the category tile opens the category's list; the price limit is one of its filters.
      await page.goto(`/${lang}/`);
      await page
        .getByRole('region', { name: t.tiles })
        .getByRole('link', { name: new RegExp(`^${t.tools} \\d`) })
        .click();
      await expect.poll(() => pathOf(page)).toBe(`/${lang}/products?category=tools`);
      await page.goto(`/${lang}/products?category=tools&maxPrice=300`);

      // ... narrowed to this run's ads by text: only the drill (power tools, CHF 250) is left.
      const filters = page.getByRole('search', { name: t.filters });
      await expect(filters.getByRole('combobox', { name: t.category })).toHaveValue('tools');
      // The filters apply as they change: typed text once it settles.
      await filters.getByRole('searchbox', { name: t.text }).fill(WORD);
      await expect.poll(() => pathOf(page)).toBe(`/${lang}/products?q=${WORD}&category=tools&maxPrice=300`);
      await expect(resultTitles(page)).toHaveText([ADS.drill.title]);

      // By text alone, cheapest first.
      await page.goto(`/${lang}/products?q=${WORD}`);
      await expect(resultTitles(page)).toHaveCount(3);
      await page.getByRole('combobox', { name: t.sortBy }).selectOption({ label: t.priceAscending });
      await expect(resultTitles(page)).toHaveText([ADS.tiles.title, ADS.drill.title, ADS.beams.title]);
      expect(await axeProblems(page)).toEqual([]);

      // An unknown place is explained on the location field.
      const location = page.getByRole('combobox', { name: t.location });
      await location.fill('Atlantis');
      await location.press('Enter');
      await expect(location).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert').filter({ hasText: t.unknownPlace })).toBeVisible();

      // By postal code + radius, the place chosen from the suggestions: the two ads in Geneva.
      await location.fill('1201');
      await page.getByRole('option', { name: '1201 Genève (GE)' }).click();
      await expect(location).toHaveValue('1201 Genève');
      await page.getByRole('combobox', { name: t.radius }).selectOption('10');
      await expect.poll(() => pathOf(page)).toBe(`/${lang}/products?q=${WORD}&location=1201&radius=10&sort=price_asc`);
      await expect(resultTitles(page)).toHaveText([ADS.drill.title, ADS.beams.title]);
      await expect(page.getByText(t.around)).toBeVisible();
      await expect(page.locator('.result-card__distance').first()).toHaveText(t.distance);

      // The back button returns to the previous searches, filters included: the postal code
      // (applied as soon as typed) with the default radius, then the unknown place.
      await page.goBack();
      await expect(page.getByRole('combobox', { name: t.radius })).toHaveValue('25');
      await page.goBack();
      await expect(location).toHaveValue('Atlantis');
      await page.goBack();
      await expect(resultTitles(page)).toHaveCount(3);
      await expect(location).toHaveValue('');

      // Open the drill: gallery, price, seller, disabled contact and report; a view is recorded.
      const view = page.waitForResponse((response) => response.url().endsWith(`/products/${ids.drill ?? ''}/view`));
      await page.getByRole('link', { name: ADS.drill.title }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ADS.drill.title);
      expect(pathOf(page)).toBe(`/${lang}/product/${ids.drill ?? ''}`);
      await expect(page).toHaveTitle(`${ADS.drill.title} – Remat`);
      expect((await view).status()).toBe(204);
      await expect(page.getByRole('region', { name: t.keyFacts }).getByText(/250[.,’]00/)).toBeVisible();
      await expect(page.getByRole('region', { name: t.seller }).getByText(t.individual)).toBeVisible();
      await expect(page.getByRole('form', { name: t.contactForm }).getByLabel(t.message)).toBeEnabled();
      await expect(page.getByRole('button', { name: t.report })).toBeEnabled();
      await expect(page.getByRole('img', { name: new RegExp(ADS.drill.title) })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // Home: the drill under "recently viewed"; the newest ads under "recent materials".
      await page.goto(`/${lang}/`);
      const viewed = page.getByRole('region', { name: t.viewed });
      await expect(viewed.getByRole('link', { name: ADS.drill.title })).toBeVisible();
      await expect(page.getByRole('region', { name: t.recent }).getByRole('article').first()).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // An unknown ad reads "product not found".
      await page.goto(`/${lang}/product/01JNOSUCHAD0000000000000000`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound);
    });
  }

  test.describe('views', () => {
    // The server does not count crawlers or headless browsers; this visitor looks like a person.
    test.use({
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    });

    test('fr: an ad counts one view per visitor and day', async ({ page, request }) => {
      const id = ids.beams ?? '';
      const clicks = async () => {
        const response = await request.get(`/api/v1/products/${id}`, {
          headers: { Authorization: `Bearer ${seller}` },
        });
        return ((await response.json()) as { clicks?: number }).clicks ?? -1;
      };
      const before = await clicks();
      await page.goto(`/fr/product/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ADS.beams.title);
      await expect.poll(clicks).toBe(before + 1);
      const again = page.waitForResponse((response) => response.url().endsWith(`/products/${id}/view`));
      await page.reload();
      expect((await again).status()).toBe(204);
      expect(await clicks()).toBe(before + 1);
    });
  });
});

test('fr: the product list reached from the mobile menu token has no serious axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/fr/');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Acheter' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.fr.list);
  await expect(page).toHaveURL(/\/fr\/products\/[A-Za-z0-9_-]+$/);
  expect(await axeProblems(page)).toEqual([]);
  // The filters fold away on a phone; the button shows them.
  const filters = page.getByRole('search', { name: 'Filtres' });
  await expect(filters).toBeHidden();
  await page.getByRole('button', { name: 'Filtres', expanded: false }).click();
  await expect(filters).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});
