import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

/** The journeys run in French (the redirect language) and German at least. */
export const LANGS = ['fr', 'de'] as const;
export type E2ELang = (typeof LANGS)[number];

/**
 * The texts the journeys look for, written out rather than read from the app's dictionaries so
 * that a broken or missing translation fails the journey.
 */
export const TEXT = {
  fr: {
    homeTitle: 'Donnez une seconde vie aux matériaux de construction',
    aboutTitle: 'À propos de Remat',
    howTitle: 'Comment fonctionne Remat',
    contactTitle: 'Nous contacter',
    notFoundTitle: 'Quelque chose ne va pas ici...',
    notFoundText: 'La page que vous cherchez est introuvable.',
    home: 'Accueil',
    mainNav: 'Principale',
    howItWorks: 'Comment ça marche',
    languageLabel: 'Langue',
    openMenu: 'Ouvrir le menu',
    menu: 'Menu du site',
    buy: 'Acheter',
    backToTop: 'Retour en haut',
    form: {
      name: 'Votre nom',
      email: 'Votre adresse e-mail',
      subject: 'Objet',
      message: 'Votre message',
      submit: 'Envoyer',
      submitting: 'Chargement...',
    },
    toastSuccess: 'Message envoyé avec succès',
    toastFailure: "Quelque chose s'est mal passé",
    toastTooMany: 'Trop de messages, veuillez réessayer plus tard.',
    invalidEmail: 'Adresse e-mail invalide',
  },
  de: {
    homeTitle: 'Schenken Sie Baumaterialien ein zweites Leben',
    aboutTitle: 'Über Remat',
    howTitle: 'So funktioniert Remat',
    contactTitle: 'Kontaktieren Sie uns',
    notFoundTitle: 'Hier stimmt etwas nicht...',
    notFoundText: 'Die gesuchte Seite wurde nicht gefunden.',
    home: 'Startseite',
    mainNav: 'Hauptnavigation',
    howItWorks: "So funktioniert's",
    languageLabel: 'Sprache',
    openMenu: 'Menü öffnen',
    menu: 'Menü',
    buy: 'Kaufen',
    backToTop: 'Nach oben',
    form: {
      name: 'Ihr Name',
      email: 'Ihre E-Mail-Adresse',
      subject: 'Betreff',
      message: 'Ihre Nachricht',
      submit: 'Senden',
      submitting: 'Wird gesendet...',
    },
    toastSuccess: 'Nachricht erfolgreich gesendet',
    toastFailure: 'Etwas ist schiefgelaufen',
    toastTooMany: 'Zu viele Nachrichten, bitte versuchen Sie es später erneut.',
    invalidEmail: 'Ungültige E-Mail-Adresse',
  },
} as const satisfies Record<E2ELang, unknown>;

/** An address no other run or language uses (the backend rate-limits per client, not per address). */
export function uniqueEmail(lang: E2ELang): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `e2e-${lang}-${nonce}@example.com`;
}

/**
 * Every journey also checks, without asking, that the page broke no Content-Security-Policy rule
 * and threw no uncaught error.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => {
        problems.push(`uncaught: ${error.message}`);
      });
      await use(problems);
      expect(problems, 'CSP violations or uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Scrolls the window to `y` and waits until the page is there (asking again while lazy content is
 * still making the page taller).
 */
export async function scrollTo(page: Page, y: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((top) => {
        window.scrollTo({ top, behavior: 'instant' });
        return Math.round(window.scrollY);
      }, y),
    )
    .toBe(y);
}

/** Full path with query and hash of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

interface MailboxMessage {
  id: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

/** Waits for the newest e-mail to `to` whose text holds a link to `route`, and returns that link's path. */
export async function linkFromMailbox(request: APIRequestContext, to: string, route: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/_dev/mailbox.json');
        if (!response.ok()) return '';
        const { messages } = (await response.json()) as { messages: MailboxMessage[] };
        for (const message of messages) {
          if (!message.to.some((address) => address.toLowerCase() === to.toLowerCase())) continue;
          const body = `${message.text ?? ''} ${message.html ?? ''}`;
          const match = new RegExp(`https?://[^\\s"'<>]*(/[a-z]{2}/${route}/[A-Za-z0-9_-]+)`).exec(body);
          if (match?.[1]) {
            path = match[1];
            return path;
          }
        }
        return '';
      },
      { timeout: 15_000, message: `an e-mail to ${to} with a ${route} link` },
    )
    .not.toBe('');
  return path;
}
