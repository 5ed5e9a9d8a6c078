import type { Locator } from '@playwright/test';
import { axeProblems, expect, test } from './support';

/**
 * The ad page on a phone and on a laptop: price and place right under the title, a gallery that
 * turns by arrows, keys and swipes with a counter, "share" copying the link, the ad number and
 * four "you might like" ads filling their row.
 */

const T = {
  fr: {
    keyFacts: 'Prix et lieu',
    photos: "Photos de l'annonce",
    next: 'Photo suivante',
    previous: 'Photo précédente',
    share: 'Partager',
    copied: 'Lien copié dans le presse-papiers.',
    adNumber: (id: string) => `Annonce n° ${id}`,
    similar: 'Vous aimerez peut-être',
  },
  sq: {
    keyFacts: 'Çmimi dhe vendndodhja',
    photos: 'Fotot',
    next: 'Foto tjetër',
    previous: 'Foto e mëparshme',
    share: 'Ndaje',
    copied: 'Lidhja u kopjua në kujtesën e fragmenteve.',
    adNumber: (id: string) => `Njoftimi nr. ${id}`,
    similar: "Mund t'ju pëlqejë",
  },
} as const;

/** A seeded ad with several photos and at least four similar ads. */
let ad = { id: '', photos: 0 };

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const search = await api.get('/api/v1/products?limit=24');
    expect(search.status(), await search.text()).toBe(200);
    const items = ((await search.json()) as { items: { id: string; imageUrl?: string }[] }).items;
    for (const item of items.filter((card) => card.imageUrl !== undefined)) {
      const detail = (await (await api.get(`/api/v1/products/${item.id}`)).json()) as { images: unknown[] };
      const similar = (await (await api.get(`/api/v1/products/${item.id}/similar`)).json()) as { items: unknown[] };
      if (detail.images.length > 1 && similar.items.length >= 4) {
        ad = { id: item.id, photos: detail.images.length };
        break;
      }
    }
    expect(ad.id, 'a seeded ad with several photos and four similar ads').not.toBe('');
  } finally {
    await api.dispose();
  }
});

/** The distinct top edges of the boxes: one per row of a grid. */
async function rows(items: Locator): Promise<number> {
  const tops = await items.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
  return new Set(tops.map((top) => Math.round(top))).size;
}

test.describe('ad page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  for (const lang of ['fr', 'sq'] as const) {
    test(`${lang}: on a phone, price and place under the title, a swipeable gallery, share and four similar ads`, async ({
      page,
    }) => {
      const t = T[lang];
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${lang}/product/${ad.id}`);
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toBeVisible();

      // Price and place right under the title, before the photos.
      const facts = page.getByRole('region', { name: t.keyFacts });
      const gallery = page.getByRole('region', { name: t.photos });
      const [titleBox, factsBox, galleryBox] = await Promise.all([
        title.boundingBox(),
        facts.boundingBox(),
        gallery.boundingBox(),
      ]);
      expect(factsBox?.y).toBeGreaterThan((titleBox?.y ?? 0) + (titleBox?.height ?? 0) - 1);
      expect(galleryBox?.y).toBeGreaterThan((factsBox?.y ?? 0) + (factsBox?.height ?? 0) - 1);
      await expect(facts.getByText(t.adNumber(ad.id))).toBeVisible();

      // Arrows, keys and a swipe turn the photos; the counter follows.
      const counter = gallery.locator('.gallery__counter');
      await expect(counter).toHaveText(`1 / ${String(ad.photos)}`);
      await gallery.getByRole('button', { name: t.next }).click();
      await expect(counter).toHaveText(`2 / ${String(ad.photos)}`);
      await gallery.getByRole('button', { name: t.previous }).click();
      await expect(counter).toHaveText(`1 / ${String(ad.photos)}`);
      const photo = gallery.locator('.gallery__frame');
      await photo.focus();
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(`2 / ${String(ad.photos)}`);
      const box = await photo.boundingBox();
      if (!box) throw new Error('the photo has no box');
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * 0.8, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
      await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
      await page.mouse.up();
      await expect(counter).toHaveText(`${String(ad.photos >= 3 ? 3 : 1)} / ${String(ad.photos)}`);
      expect(page.url()).toContain(`/product/${ad.id}`); // the drag did not open the photo

      // Share: headless Chromium has no share sheet, so the link is copied.
      await facts.getByRole('button', { name: t.share }).click();
      await expect(facts.getByRole('status')).toHaveText(t.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

      // Four similar ads, two rows of two.
      const similar = page.getByRole('region', { name: t.similar }).getByRole('article');
      await expect(similar).toHaveCount(4);
      expect(await rows(similar)).toBe(2);

      expect(await axeProblems(page)).toEqual([]);
    });
  }

  test('fr: on a laptop, the price panel beside the title and four similar ads in one row', async ({ page }) => {
    const t = T.fr;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/fr/product/${ad.id}`);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    const [titleBox, factsBox] = await Promise.all([
      title.boundingBox(),
      page.getByRole('region', { name: t.keyFacts }).boundingBox(),
    ]);
    expect(factsBox?.x).toBeGreaterThan((titleBox?.x ?? 0) + (titleBox?.width ?? 0));
    const similar = page.getByRole('region', { name: t.similar }).getByRole('article');
    await expect(similar).toHaveCount(4);
    expect(await rows(similar)).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
  });
});
