import {
  apiLogin,
  apiSignUp,
  asOwnViewer,
  axeProblems,
  expect,
  LANGS,
  linkFromMailbox,
  test,
  uniqueEmail,
  type E2ELang,
} from './support';

/** The texts this journey looks for, written out so that a broken translation fails it. */
const T = {
  fr: {
    rate: 'Évaluer ce vendeur',
    stars: '4 étoiles – très bien',
    text: 'Votre avis',
    submit: 'Publier l’avis',
    thanks: 'Merci ! Votre avis a été publié.',
    profile: 'Voir le profil du vendeur',
    reviews: 'Avis',
    replyTo: (author: string) => `Votre réponse à ${author}`,
    publishReply: 'Publier la réponse',
    replyTitle: 'Réponse du vendeur',
  },
  de: {
    rate: 'Diesen Verkäufer bewerten',
    stars: '4 Sterne – sehr gut',
    text: 'Ihr Kommentar',
    submit: 'Bewertung veröffentlichen',
    thanks: 'Vielen Dank! Ihre Bewertung wurde veröffentlicht.',
    profile: 'Profil des Verkäufers ansehen',
    reviews: 'Bewertungen',
    replyTo: (author: string) => `Ihre Antwort an ${author}`,
    publishReply: 'Antwort veröffentlichen',
    replyTitle: 'Antwort des Verkäufers',
  },
} as const satisfies Record<E2ELang, unknown>;

/** A demo seller of the local cloud's seed, whom the buyers rate. */
const SELLER = { email: 'huber.bau@example.ch', password: 'remat-demo-2025' };
const PASSWORD = 'Bewertung+Avis-2026';

let sellerToken = '';
let ads: { id: string; title: string }[] = [];

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    sellerToken = (await apiLogin(api, SELLER.email, SELLER.password)) ?? '';
    expect(sellerToken).not.toBe('');
    const mine = await api.get('/api/v1/products/mine?status=active', {
      headers: { Authorization: `Bearer ${sellerToken}` },
    });
    ads = ((await mine.json()) as { items: { id: string; title: string }[] }).items.slice(4, 4 + LANGS.length);
    expect(ads.length).toBe(LANGS.length);
  } finally {
    await api.dispose();
  }
});

test.describe('seller reviews', () => {
  LANGS.forEach((lang, index) => {
    test(`${lang}: a buyer who asked about an ad rates the seller, who replies on the public profile`, async ({
      browser,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const t = T[lang];
      const ad = ads[index];
      if (ad === undefined) throw new Error('no ad for this language');
      const api = await playwright.request.newContext({ baseURL });
      const firstName = lang === 'fr' ? 'Amélie' : 'Jonas';
      const author = `${firstName} R.`;
      const email = uniqueEmail(lang);
      await apiSignUp(api, {
        firstName,
        lastName: 'Rezensent',
        email,
        phone: '+41 79 333 44 55',
        password: PASSWORD,
        language: lang,
      });
      const link = await linkFromMailbox(api, email, 'email-verification');
      const verify = await api.post('/api/v1/auth/verify-account', { data: { token: link.split('/').pop() } });
      expect(verify.status(), await verify.text()).toBe(200);
      const buyerToken = (await apiLogin(api, email, PASSWORD)) ?? '';
      // The buyer asks about the ad while signed in (the local cloud has no waiting period).
      const viewer = asOwnViewer('/api/v1/contact-request');
      const contact = await api.post(viewer.url, {
        headers: { Authorization: `Bearer ${buyerToken}`, ...viewer.headers },
        data: { adId: ad.id, name: author, email, message: 'Est-ce encore disponible ? / Noch verfügbar?' },
      });
      expect(contact.status(), await contact.text()).toBe(201);

      // The buyer rates the seller from the ad's page.
      const context = await browser.newContext();
      await context.addCookies([{ name: 'token', value: buyerToken, url: baseURL ?? '' }]);
      const page = await context.newPage();
      await page.goto(`/${lang}/product/${ad.id}`);
      const form = page.getByRole('region', { name: t.rate });
      await form.getByRole('radio', { name: t.stars }).check();
      const words = `Tuiles impeccables, retrait rapide (${lang} ${Date.now().toString(36)}).`;
      await form.getByLabel(t.text).fill(words);
      expect(await axeProblems(page)).toEqual([]);
      await form.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.thanks)).toBeVisible();

      // The review shows on the seller's public profile.
      await page.getByRole('link', { name: t.profile }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/seller/`));
      const reviews = page.getByRole('list', { name: t.reviews });
      await expect(reviews.getByText(words)).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      const profileURL = page.url();
      await context.close();

      // The seller replies once, and the reply shows under the review.
      const sellerContext = await browser.newContext();
      await sellerContext.addCookies([{ name: 'token', value: sellerToken, url: baseURL ?? '' }]);
      const seller = await sellerContext.newPage();
      await seller.goto(profileURL);
      const item = seller.getByRole('listitem').filter({ hasText: words });
      const answer = `Merci ${author}, à bientôt ! (${lang})`;
      await item.getByLabel(t.replyTo(author)).fill(answer);
      await item.getByRole('button', { name: t.publishReply }).click();
      await expect(item.getByText(answer)).toBeVisible();
      await expect(item.getByText(t.replyTitle)).toBeVisible();
      await sellerContext.close();
      await api.dispose();
    });
  });
});
