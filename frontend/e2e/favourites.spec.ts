import { axeProblems, expect, LANGS, test, type E2ELang } from './support';

/** The texts this journey looks for, written out so that a broken translation fails it. */
const T = {
  fr: {
    save: (title: string) => `Ajouter « ${title} » aux favoris`,
    remove: (title: string) => `Retirer « ${title} » des favoris`,
    page: 'Favoris',
    list: 'Annonces enregistrées',
    removed: 'Retirée des favoris',
    empty: 'Vous n’avez encore enregistré aucune annonce.',
  },
  de: {
    save: (title: string) => `«${title}» auf die Merkliste setzen`,
    remove: (title: string) => `«${title}» von der Merkliste entfernen`,
    page: 'Merkliste',
    list: 'Gemerkte Inserate',
    removed: 'Von der Merkliste entfernt',
    empty: 'Sie haben sich noch keine Inserate gemerkt.',
  },
} as const satisfies Record<E2ELang, unknown>;

/** A demo seller of the local cloud's seed, whose ads the buyers save. */
const SELLER = { email: 'huber.bau@example.ch', password: 'remat-demo-2025' };
/** Demo users of the seed who save them, one per language (their own lists are emptied first). */
const BUYERS: Record<E2ELang, { email: string; password: string }> = {
  fr: { email: 'morel.renovation@example.ch', password: 'remat-demo-2025' },
  de: { email: 'luca.bernasconi@example.ch', password: 'remat-demo-2025' },
};

let ads: { id: string; title: string }[] = [];
let sellerToken = '';
const buyerTokens: Partial<Record<E2ELang, string>> = {};

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const login = await api.post('/api/v1/auth/login', { data: SELLER });
    expect(login.status(), await login.text()).toBe(200);
    sellerToken = ((await login.json()) as { token: string }).token;
    const mine = await api.get('/api/v1/products/mine?status=active', {
      headers: { Authorization: `Bearer ${sellerToken}` },
    });
    expect(mine.status(), await mine.text()).toBe(200);
    ads = ((await mine.json()) as { items: { id: string; title: string }[] }).items.slice(2, 2 + LANGS.length);
    expect(ads.length).toBe(LANGS.length);
    for (const lang of LANGS) {
      const buyer = await api.post('/api/v1/auth/login', { data: BUYERS[lang] });
      expect(buyer.status(), await buyer.text()).toBe(200);
      const token = ((await buyer.json()) as { token: string }).token;
      buyerTokens[lang] = token;
      const headers = { Authorization: `Bearer ${token}` };
      const ids = await api.get('/api/v1/wishlist/ids', { headers });
      for (const id of ((await ids.json()) as { ids: string[] }).ids) {
        await api.delete(`/api/v1/wishlist/${id}`, { headers });
      }
    }
  } finally {
    await api.dispose();
  }
});

test.describe('favourites', () => {
  LANGS.forEach((lang, index) => {
    test(`${lang}: a buyer saves an ad, finds it in the dashboard and removes it; visitors are asked to log in`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const t = T[lang];
      const ad = ads[index];
      const token = buyerTokens[lang];
      if (ad === undefined || token === undefined) throw new Error('no ad or buyer for this language');

      // A visitor who clicks the heart is sent to log in, and comes back to the ad afterwards.
      const visitor = await browser.newContext();
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/${lang}/product/${ad.id}`);
      await anonymous.getByRole('button', { name: t.save(ad.title) }).click();
      await expect(anonymous).toHaveURL(
        new RegExp(`/${lang}/login\\?returnTo=${encodeURIComponent(`/${lang}/product/${ad.id}`)}$`),
      );
      await visitor.close();

      // The buyer saves the ad from its page: the heart turns on at once and stays on.
      const context = await browser.newContext();
      await context.addCookies([{ name: 'token', value: token, url: baseURL ?? '' }]);
      const page = await context.newPage();
      await page.goto(`/${lang}/product/${ad.id}`);
      const heart = page.getByRole('button', { name: t.save(ad.title) });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      const saved = page.getByRole('button', { name: t.remove(ad.title) });
      await expect(saved).toHaveAttribute('aria-pressed', 'true');
      expect(await axeProblems(page)).toEqual([]);
      await page.reload();
      await expect(page.getByRole('button', { name: t.remove(ad.title) })).toHaveAttribute('aria-pressed', 'true');

      // The seller sees that someone saved it.
      const mine = await request.get('/api/v1/products/mine?status=active', {
        headers: { Authorization: `Bearer ${sellerToken}` },
      });
      const row = ((await mine.json()) as { items: { id: string; favourites: number }[] }).items.find(
        (i) => i.id === ad.id,
      );
      expect(row?.favourites ?? 0).toBeGreaterThanOrEqual(1);

      // The dashboard lists it; removing it empties the list.
      await page.goto(`/${lang}/user/favourites`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.page);
      const list = page.getByRole('list', { name: t.list });
      await expect(list.getByRole('link', { name: ad.title }).first()).toHaveAttribute(
        'href',
        `/${lang}/product/${ad.id}`,
      );
      expect(await axeProblems(page)).toEqual([]);
      await list.getByRole('button', { name: t.remove(ad.title) }).click();
      await expect(page.getByText(t.removed)).toBeVisible();
      await expect(page.getByText(t.empty)).toBeVisible();
      await context.close();
    });
  });
});
