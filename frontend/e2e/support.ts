import AxeBuilder from '@axe-core/playwright';
import { deflateSync } from 'node:zlib';
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

/** The map tiles' host (src/components/Map/tiles.ts): our machines have no internet. */
const TILE_HOST = 'https://wmts.geo.admin.ch';
/** A 1×1 grey PNG, every tile the maps ask for. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGM4AQAAygDJmcpdfgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every journey also checks, without asking, that the page broke no Content-Security-Policy rule
 * and threw no uncaught error. Map tiles are answered here (`tileRequests` counts them).
 */
export const test = base.extend<{ pageProblems: string[]; tileRequests: string[] }>({
  tileRequests: [
    async ({ page }, use) => {
      const requests: string[] = [];
      await page.route(`${TILE_HOST}/**`, (route) => {
        requests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
      });
      await use(requests);
    },
    { auto: true },
  ],
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

/** Waits for an e-mail to `to` with `subject` in the development mailbox. */
export async function expectMail(request: APIRequestContext, to: string, subject: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get('/_dev/mailbox.json');
        if (!response.ok()) return false;
        const { messages } = (await response.json()) as { messages: MailboxMessage[] };
        return messages.some(
          (message) =>
            message.subject === subject && message.to.some((address) => address.toLowerCase() === to.toLowerCase()),
        );
      },
      { timeout: 15_000, message: `an e-mail "${subject}" to ${to}` },
    )
    .toBe(true);
}

/**
 * Serious or critical WCAG 2.1 AA violations on the page once its animations are over (a toast
 * fading in would be measured half transparent).
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // Wait for running animations; one cancelled meanwhile (its element replaced) is over too.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** A small PNG (an RGB gradient with the given blue) made here, so no image file is needed. */
export function gradientPng(width: number, height: number, blue = 90): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, blue], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An API call from a viewer address of its own, sent the way the distribution forwards it: to the
 * HTTP API's own endpoint (REMAT_API_URL) with the distribution's origin secret
 * (REMAT_ORIGIN_SECRET) and a CloudFront-Viewer-Address of its own. Through the site it could not
 * be done: like CloudFront, the local cloud sets the viewer address from the connection, whatever
 * the caller sends. Set-up calls then do not spend the per-address sign-up, mail and contact
 * budgets that the journeys under test run against from the loopback address.
 */
export function asOwnViewer(path: string): { url: string; headers: Record<string, string> } {
  const api = process.env.REMAT_API_URL;
  const secret = process.env.REMAT_ORIGIN_SECRET;
  if (!api || !secret) {
    throw new Error(
      'REMAT_API_URL and REMAT_ORIGIN_SECRET are not set: the local cloud prints both in memory mode (make test sets them)',
    );
  }
  return {
    url: `${api}${path}`,
    headers: {
      'X-Origin-Verify': secret,
      'CloudFront-Viewer-Address': `198.51.100.${1 + Math.floor(Math.random() * 250)}:41000`,
    },
  };
}

/** Someone a journey signs up through the API (an individual, adult, accepting the rules). */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  language: string;
}

/** Signs `person` up through the API as a viewer of its own; the account still needs verifying. */
export async function apiSignUp(api: APIRequestContext, person: Person): Promise<void> {
  const viewer = asOwnViewer('/api/v1/auth/signup');
  const signup = await api.post(viewer.url, {
    headers: viewer.headers,
    data: { accountType: 'individual', isAdult: true, acceptRules: true, ...person },
  });
  expect(signup.status(), await signup.text()).toBe(201);
}

/**
 * A verified seller of its own holding the Pro plan's free trial, signed up, verified and signed in
 * through the API (the seller screens' backend journey, so buyer journeys can stand alone): its token.
 */
export async function apiTrialSeller(api: APIRequestContext, person: Omit<Person, 'email'>): Promise<string> {
  const email = uniqueEmail(person.language === 'de' ? 'de' : 'fr');
  await apiSignUp(api, { ...person, email });
  const link = await linkFromMailbox(api, email, 'email-verification');
  const verify = await api.post('/api/v1/auth/verify-account', { data: { token: link.split('/').pop() } });
  expect(verify.status(), await verify.text()).toBe(200);
  const token = await apiLogin(api, email, person.password);
  expect(token).not.toBeNull();
  const auth = { Authorization: `Bearer ${token ?? ''}` };
  const order = await api.post('/api/v1/orders', { data: { planId: 'pro', acceptTerms: true }, headers: auth });
  expect(order.status(), await order.text()).toBe(201);
  return token ?? '';
}

/** Logs in through the API; the token, or null when refused. */
export async function apiLogin(api: APIRequestContext, email: string, password: string): Promise<string | null> {
  const login = await api.post('/api/v1/auth/login', { data: { email, password } });
  if (login.status() !== 200) return null;
  return ((await login.json()) as { token: string }).token;
}

/**
 * The administrator the back-office journeys use. The first one is created with the setup secret
 * the local cloud prints (REMAT_ADMIN_SETUP_SECRET); later runs against the same cloud log in again.
 */
export const ADMIN = {
  email: process.env.REMAT_ADMIN_EMAIL ?? 'e2e-admin@example.com',
  password: process.env.REMAT_ADMIN_PASSWORD ?? 'Verwaltung+Rapport-2026',
};

/** Makes sure the journeys' administrator exists; false when that cannot be done here. */
export async function ensureAdmin(api: APIRequestContext): Promise<boolean> {
  if ((await apiLogin(api, ADMIN.email, ADMIN.password)) !== null) return true;
  const setupSecret = process.env.REMAT_ADMIN_SETUP_SECRET;
  if (!setupSecret) return false;
  const created = await api.post('/api/v1/auth/create-admin', {
    data: { setupSecret, firstName: 'Ada', lastName: 'Verwalterin', email: ADMIN.email, password: ADMIN.password },
  });
  expect(created.status(), await created.text()).toBe(201);
  return true;
}

/**
 * Attaches `photo` (a PNG) to the seller's ad `id` through its presigned upload, waits until the
 * photo pipeline has processed it, and publishes the ad.
 */
export async function attachPhotoAndPublish(
  api: APIRequestContext,
  auth: Record<string, string>,
  id: string,
  photo: Buffer,
): Promise<void> {
  const slot = await api.post(`/api/v1/products/${id}/images`, {
    headers: auth,
    data: { contentType: 'image/png', size: photo.length },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  const { upload } = (await slot.json()) as { upload: { url: string; headers: Record<string, string> } };
  const put = await api.put(upload.url, { headers: upload.headers, data: photo });
  expect(put.status(), await put.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const detail = await api.get(`/api/v1/products/${id}`, { headers: auth });
        const { images } = (await detail.json()) as { images: { state: string }[] };
        return images.map((image) => image.state).join(',');
      },
      { timeout: 20_000, message: 'the photo processed' },
    )
    .toBe('ready');
  const published = await api.post(`/api/v1/products/${id}/publish`, { headers: auth });
  expect(published.status(), await published.text()).toBe(200);
}
