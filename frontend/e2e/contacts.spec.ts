import type { APIRequestContext } from '@playwright/test';
import { axeProblems, expect, LANGS, test, uniqueEmail, type E2ELang } from './support';

/** The texts this journey looks for, written out so that a broken translation fails it. */
const T = {
  fr: {
    form: 'Contacter le vendeur',
    name: 'Votre nom',
    email: 'Votre adresse e-mail',
    phone: 'Votre numéro de téléphone (facultatif)',
    message: 'Votre message',
    send: 'Envoyer',
    sent: 'Votre message a été envoyé au vendeur.',
    inbox: 'Messages reçus',
    badge: (n: number) => `Messages : ${String(n)} ${n > 1 ? 'non lus' : 'non lu'}`,
    noUnread: 'Messages : aucun non lu',
    card: (name: string) => `Message de ${name}`,
    unread: 'Non lu',
    read: 'Lu',
    markRead: (name: string) => `Marquer le message de ${name} comme lu`,
    reply: (name: string) => `Répondre à ${name} par e-mail`,
    remove: (name: string) => `Supprimer le message de ${name}`,
    confirmTitle: 'Supprimer ce message ?',
    confirm: 'Supprimer',
    deleted: 'Message supprimé',
    empty: "Aucun message pour l'instant.",
  },
  de: {
    form: 'Verkäufer kontaktieren',
    name: 'Ihr Name',
    email: 'Ihre E-Mail-Adresse',
    phone: 'Ihre Telefonnummer (freiwillig)',
    message: 'Ihre Nachricht',
    send: 'Senden',
    sent: 'Ihre Nachricht wurde an den Verkäufer gesendet.',
    inbox: 'Nachrichten',
    badge: (n: number) => `Nachrichten: ${String(n)} ungelesen`,
    noUnread: 'Nachrichten: keine ungelesen',
    card: (name: string) => `Nachricht von ${name}`,
    unread: 'Ungelesen',
    read: 'Gelesen',
    markRead: (name: string) => `Nachricht von ${name} als gelesen markieren`,
    reply: (name: string) => `${name} per E-Mail antworten`,
    remove: (name: string) => `Nachricht von ${name} löschen`,
    confirmTitle: 'Diese Nachricht löschen?',
    confirm: 'Löschen',
    deleted: 'Nachricht gelöscht',
    empty: 'Noch keine Nachrichten.',
  },
} as const satisfies Record<E2ELang, unknown>;

/** A demo seller of the local cloud's seed (German-speaking: the notification is in German). */
const SELLER = { email: 'huber.bau@example.ch', password: 'remat-demo-2025' };

interface MailboxMessage {
  to: string[];
  replyTo?: string[];
  subject: string;
  text?: string;
}

/** The newest e-mail to `to` whose Reply-To is `replyTo`. */
async function mailTo(request: APIRequestContext, to: string, replyTo: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/_dev/mailbox.json');
        if (!response.ok()) return false;
        const { messages } = (await response.json()) as { messages: MailboxMessage[] };
        found = messages.find((m) => m.to.includes(to) && (m.replyTo ?? []).includes(replyTo));
        return found !== undefined;
      },
      { timeout: 15_000, message: `an e-mail to ${to} replying to ${replyTo}` },
    )
    .toBe(true);
  if (found === undefined) throw new Error('unreachable');
  return found;
}

let sellerToken = '';
let ads: { id: string; title: string }[] = [];

/**
 * Logs the demo seller in through the API, picks two of their active ads (one per language) and
 * empties their inbox, so that the badge starts at 0.
 */
test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const login = await api.post('/api/v1/auth/login', { data: SELLER });
    expect(login.status(), await login.text()).toBe(200);
    sellerToken = ((await login.json()) as { token: string }).token;
    const headers = { Authorization: `Bearer ${sellerToken}` };
    const mine = await api.get('/api/v1/products/mine?status=active', { headers });
    expect(mine.status(), await mine.text()).toBe(200);
    ads = ((await mine.json()) as { items: { id: string; title: string }[] }).items.slice(0, LANGS.length);
    expect(ads.length).toBe(LANGS.length);
    for (;;) {
      const list = await api.get('/api/v1/contact-request?limit=50', { headers });
      const { items } = (await list.json()) as { items: { id: string }[] };
      if (items.length === 0) break;
      for (const item of items) await api.delete(`/api/v1/contact-request/${item.id}`, { headers });
    }
  } finally {
    await api.dispose();
  }
});

test.describe('contacting a seller', () => {
  LANGS.forEach((lang, index) => {
    test(`${lang}: a buyer writes to a seller, who sees the badge, reads the message and deletes it`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const t = T[lang];
      const ad = ads[index];
      if (ad === undefined) throw new Error('no ad for this language');
      const buyer = { name: `Claire Acheteuse ${lang}`, email: uniqueEmail(lang) };
      const message = `Bonjour, « ${ad.title} » est-il encore disponible ? (${lang})`;

      // The buyer, not signed in, writes from the ad's page.
      const buyerContext = await browser.newContext();
      const page = await buyerContext.newPage();
      await page.goto(`/${lang}/product/${ad.id}`);
      const form = page.getByRole('form', { name: t.form });
      await expect(form).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await form.getByLabel(t.name).fill(buyer.name);
      await form.getByLabel(t.email).fill(buyer.email);
      await form.getByLabel(t.phone).fill('+41 79 555 66 77');
      await form.getByLabel(t.message).fill(message);
      await form.getByRole('button', { name: t.send }).click();
      await expect(form.getByText(t.sent)).toBeVisible();
      await expect(form.getByLabel(t.message)).toHaveValue('');
      // The seller's address is never shown to the buyer.
      await expect(page.locator('body')).not.toContainText(SELLER.email);
      expect(await axeProblems(page)).toEqual([]);
      await buyerContext.close();

      // The seller is notified by e-mail in their language, with a reply going to the buyer.
      const mail = await mailTo(request, SELLER.email, buyer.email);
      expect(mail.subject).toContain('Neue Nachricht zu Ihrem Inserat');
      expect(mail.text).toContain(message);

      // The seller sees the badge at 1, reads the message (badge 0) and deletes it.
      const sellerContext = await browser.newContext();
      await sellerContext.addCookies([{ name: 'token', value: sellerToken, url: baseURL ?? '' }]);
      const seller = await sellerContext.newPage();
      await seller.goto(`/${lang}/user/contacts`);
      await expect(seller.getByRole('heading', { level: 1 })).toHaveText(t.inbox);
      const badge = seller.getByRole('link', { name: t.badge(1), exact: true });
      await expect(badge).toBeVisible();
      await expect(badge).toHaveText('1');

      const card = seller.getByRole('article', { name: t.card(buyer.name) });
      await expect(card).toContainText(message);
      await expect(card).toContainText(buyer.email);
      await expect(card).toContainText(t.unread);
      await expect(card.getByRole('link', { name: ad.title })).toHaveAttribute('href', `/${lang}/product/${ad.id}`);
      await expect(card.getByRole('link', { name: t.reply(buyer.name) })).toHaveAttribute(
        'href',
        new RegExp(`^mailto:${buyer.email.replace(/[.+]/g, '\\$&')}\\?subject=`),
      );
      expect(await axeProblems(seller)).toEqual([]);

      await card.getByRole('button', { name: t.markRead(buyer.name) }).click();
      // No red "0": at none unread the link shows no count and says so in its name.
      await expect(seller.getByRole('link', { name: t.noUnread, exact: true })).toHaveText('');
      await expect(card.getByText(t.read, { exact: true })).toBeVisible();

      await card.getByRole('button', { name: t.remove(buyer.name) }).click();
      const dialog = seller.getByRole('alertdialog', { name: t.confirmTitle });
      await expect(dialog).toBeVisible();
      expect(await axeProblems(seller)).toEqual([]);
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
      await expect(seller.getByText(t.deleted)).toBeVisible();
      await expect(card).toHaveCount(0);
      await expect(seller.getByText(t.empty)).toBeVisible();
      await expect(seller.getByRole('link', { name: t.noUnread, exact: true })).toHaveText('');
      await sellerContext.close();
    });
  });
});
