import {
  apiTrialSeller,
  attachPhotoAndPublish,
  axeProblems,
  expect,
  gradientPng,
  LANGS,
  test,
  type E2ELang,
} from './support';

/** The texts this journey looks for, written out so that a broken translation fails it. */
const T = {
  fr: {
    save: 'Enregistrer cette recherche',
    dialog: 'Enregistrer cette recherche',
    name: 'Nom de la recherche',
    confirm: 'Enregistrer',
    instant: 'Dès que de nouvelles annonces paraissent (au plus une fois par heure)',
    saved: 'Recherche enregistrée — vous recevrez un e-mail lorsque de nouvelles annonces correspondront.',
    subject: (name: string) => `Une nouvelle annonce pour votre recherche « ${name} »`,
    done: (name: string) => `Vous ne recevrez plus d’alertes pour « ${name} ».`,
  },
  de: {
    save: 'Suche speichern',
    dialog: 'Suche speichern',
    name: 'Name des Suchauftrags',
    confirm: 'Speichern',
    instant: 'Sobald neue Inserate erscheinen (höchstens stündlich)',
    saved: 'Suche gespeichert – Sie erhalten eine E-Mail, sobald neue Inserate passen.',
    subject: (name: string) => `Ein neues Inserat für Ihre Suche «${name}»`,
    done: (name: string) => `Sie erhalten keine Benachrichtigungen mehr für «${name}».`,
  },
} as const satisfies Record<E2ELang, unknown>;

const PASSWORD = 'Sauvegarde+Alerte-2026';
/** Demo users of the seed who save the searches, one per language (the alert is in theirs). */
const BUYERS: Record<E2ELang, { email: string; password: string }> = {
  fr: { email: 'morel.renovation@example.ch', password: 'remat-demo-2025' },
  de: { email: 'huber.bau@example.ch', password: 'remat-demo-2025' },
};

/** A word no other ad has: letters only, so it is one search token. */
function rareWord(): string {
  let w = 'quarz';
  for (let i = 0; i < 8; i++) w += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return w;
}

interface MailboxMessage {
  to: string[];
  subject: string;
  text?: string;
}

test.describe('saved searches and alerts', () => {
  LANGS.forEach((lang) => {
    test(`${lang}: a buyer saves a search, gets the alert for a new matching ad and unsubscribes from the e-mail`, async ({
      browser,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const t = T[lang];
      const word = rareWord();
      const api = await playwright.request.newContext({ baseURL });
      const login = await api.post('/api/v1/auth/login', { data: BUYERS[lang] });
      expect(login.status(), await login.text()).toBe(200);
      const buyerToken = ((await login.json()) as { token: string }).token;
      const headers = { Authorization: `Bearer ${buyerToken}` };
      const existing = await api.get('/api/v1/saved-searches', { headers });
      for (const s of ((await existing.json()) as { items: { id: string }[] }).items) {
        await api.delete(`/api/v1/saved-searches/${s.id}`, { headers });
      }

      // The buyer searches for the word and saves the search.
      const context = await browser.newContext();
      await context.addCookies([{ name: 'token', value: buyerToken, url: baseURL ?? '' }]);
      const page = await context.newPage();
      await page.goto(`/${lang}/products?q=${word}`);
      await page.getByRole('button', { name: t.save }).click();
      const dialog = page.getByRole('dialog', { name: t.dialog });
      await expect(dialog.getByLabel(t.name)).toHaveValue(word);
      expect(await axeProblems(page)).toEqual([]);
      // As soon as ads appear: the daily digest (the default) goes out from 7:00 Swiss time only,
      // and the journey must not depend on the hour it runs at.
      await dialog.getByRole('radio', { name: t.instant }).check();
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await context.close();

      // Another user publishes an ad with the word; the scheduled sender runs.
      const seller = await apiTrialSeller(api, {
        firstName: 'Samuel',
        lastName: 'Sucher',
        phone: '+41 79 222 33 44',
        password: PASSWORD,
        language: 'de',
      });
      const auth = { Authorization: `Bearer ${seller}` };
      const created = await api.post('/api/v1/products', {
        headers: auth,
        data: {
          title: `Sable de ${word} lavé`,
          categorySlug: 'roofing',
          priceRp: 4_500,
          discountPct: 0,
          condition: 'used',
          quantity: { amount: 2, unit: 't' },
          brand: 'Remat Test',
          description: 'Stocké au sec.',
          pickup: true,
          delivery: false,
          location: { kind: 'city', postalCode: '8001' },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await attachPhotoAndPublish(api, auth, id, gradientPng(320, 240, 70));
      const run = await api.post('/_dev/schedule/AlertsScheduleFunction');
      expect(run.status(), await run.text()).toBe(200);

      // The alert is in the buyer's language, links to the ad and unsubscribes with one click.
      let mail: MailboxMessage | undefined;
      await expect
        .poll(
          async () => {
            const response = await api.get('/_dev/mailbox.json');
            const { messages } = (await response.json()) as { messages: MailboxMessage[] };
            mail = messages.find((m) => m.to.includes(BUYERS[lang].email) && (m.text ?? '').includes(word));
            return mail !== undefined;
          },
          { timeout: 20_000, message: 'the alert e-mail' },
        )
        .toBe(true);
      expect(mail?.subject).toBe(t.subject(word));
      expect(mail?.text).toContain(`/${lang}/product/${id}`);
      const unsubscribe = /https?:\/\/[^\s]*(\/[a-z]{2}\/unsubscribe\?token=[A-Za-z0-9._-]+)/.exec(
        mail?.text ?? '',
      )?.[1];
      expect(unsubscribe).toBeDefined();

      const visitor = await browser.newContext(); // not signed in
      const link = await visitor.newPage();
      await link.goto(unsubscribe ?? '/');
      await expect(link.getByText(t.done(word))).toBeVisible();
      expect(await axeProblems(link)).toEqual([]);
      await visitor.close();
      const after = await api.get('/api/v1/saved-searches', { headers });
      const items = ((await after.json()) as { items: { name: string; paused: boolean }[] }).items;
      expect(items).toEqual([expect.objectContaining({ name: word, paused: true })]);
      await api.dispose();
    });
  });
});
