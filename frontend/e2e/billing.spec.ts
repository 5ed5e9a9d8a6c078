import type { APIRequestContext, Page } from '@playwright/test';
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

/** The texts these journeys look for, written out so that a broken translation fails them. */
const T = {
  fr: {
    verified: 'Adresse e-mail vérifiée. Vous pouvez maintenant vous connecter.',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    loginButton: 'Se connecter',
    plansTitle: 'Tarifs et abonnements',
    popular: 'Populaire',
    freeOffer: '3 premiers mois gratuits, sans engagement',
    chooseStarter: 'Choisir cette offre – Starter',
    chooseSingle: 'Choisir cette offre – Publication unique',
    orderTitle: 'Confirmez votre commande',
    net: 'Total hors TVA',
    vat: 'TVA 8.1 %',
    total: 'Total TVA incluse',
    accept: /J’accepte les conditions générales/,
    order: 'Commander',
    mustAccept: 'Veuillez cocher cette case pour continuer.',
    paymentTitle: 'Informations de paiement',
    testBanner: 'Mode test – aucun paiement réel',
    cardNumber: 'Numéro de carte',
    expiry: 'Date d’expiration (MM/AA)',
    cvc: 'Code de sécurité (CVC)',
    pay: 'Payer maintenant',
    paid: 'Paiement effectué',
    failed: 'Échec du paiement',
    retry: 'Réessayer',
    toDashboard: 'Voir mes abonnements et paiements',
    detailsTitle: 'Abonnements et paiements',
    history: 'Historique des paiements',
    inProgress: 'En cours',
    card: 'Carte',
    viewInvoice: 'Afficher la facture de Starter',
    download: 'Télécharger le PDF',
    vatNumber: /N° TVA /,
  },
  de: {
    verified: 'E-Mail-Adresse bestätigt. Sie können sich jetzt anmelden.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    loginButton: 'Anmelden',
    plansTitle: 'Preise und Abonnements',
    popular: 'Beliebt',
    freeOffer: 'Die ersten 3 Monate gratis, unverbindlich',
    chooseStarter: 'Dieses Angebot wählen – Starter',
    chooseSingle: 'Dieses Angebot wählen – Einzelinserat',
    orderTitle: 'Bestellung bestätigen',
    net: 'Total exkl. MWST',
    vat: 'MWST 8.1 %',
    total: 'Total inkl. MWST',
    accept: /Ich akzeptiere die Allgemeinen Geschäftsbedingungen/,
    order: 'Bestellen',
    mustAccept: 'Bitte kreuzen Sie dieses Feld an, um fortzufahren.',
    paymentTitle: 'Zahlungsinformationen',
    testBanner: 'Testmodus – keine echte Zahlung',
    cardNumber: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    pay: 'Jetzt bezahlen',
    paid: 'Zahlung erfolgt',
    failed: 'Zahlung fehlgeschlagen',
    retry: 'Erneut versuchen',
    toDashboard: 'Zu meinen Abos und Zahlungen',
    detailsTitle: 'Abonnements und Zahlungen',
    history: 'Zahlungsverlauf',
    inProgress: 'Laufend',
    card: 'Karte',
    viewInvoice: 'Rechnung für Starter ansehen',
    download: 'PDF herunterladen',
    vatNumber: /MWST-Nr\. /,
  },
} as const satisfies Record<E2ELang, Record<string, string | RegExp>>;

const PASSWORD = 'Bauholz-Rest-2026!';

/** Starter: CHF 39.00 net, VAT 8.1 % = 3.16, total 42.16, written the one Swiss way in every language. */
const STARTER = { net: /CHF\s39\.00/, vat: /CHF\s3\.16/, total: /CHF\s42\.16/ };

/** A verified seller: signed up through the API, verified through the e-mailed link. */
async function verifiedSeller(page: Page, request: APIRequestContext, lang: E2ELang): Promise<string> {
  const email = uniqueEmail(lang);
  await apiSignUp(request, {
    firstName: 'Bea',
    lastName: 'Billing',
    email,
    phone: '+41 79 765 43 21',
    password: PASSWORD,
    language: lang,
  });
  await page.goto(await linkFromMailbox(request, email, 'email-verification'));
  await expect(page.getByText(T[lang].verified)).toBeVisible();
  return email;
}

async function logIn(page: Page, lang: E2ELang, email: string) {
  const t = T[lang];
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: t.loginButton }).click();
}

/** The value beside a term of the order summary. */
function summaryValue(page: Page, term: string) {
  return page.getByRole('main').locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

async function payWithTestCard(page: Page, lang: E2ELang, card: string) {
  const t = T[lang];
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.paymentTitle);
  await expect(page.getByRole('heading', { name: t.testBanner })).toBeVisible();
  await page.getByLabel(t.cardNumber).fill(card);
  await page.getByLabel(t.expiry).fill('12/34');
  await page.getByLabel(t.cvc).fill('123');
  await page.getByRole('button', { name: t.pay }).click();
}

test.describe('billing against the real backend (test-mode provider)', () => {
  for (const lang of LANGS) {
    test(`${lang}: choose a plan, confirm, pay, see the subscription and the invoice, download the PDF; a declined card fails`, async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const t = T[lang];
      const email = await verifiedSeller(page, request, lang);

      // Pricing: plans side by side, popular badge, free-months offer.
      await page.goto(`/${lang}/vendre?choosePlan=true`);
      const plansHeading = page.getByRole('heading', { level: 2, name: t.plansTitle });
      await expect(plansHeading).toBeFocused();
      await expect(page.getByRole('article', { name: 'Pro' }).getByText(t.popular)).toBeVisible();
      await expect(page.getByRole('article', { name: 'Pro' }).getByText(t.freeOffer, { exact: true })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(4);

      // Choosing while signed out goes through the login and comes back.
      await page.getByRole('link', { name: t.chooseStarter }).click();
      await expect
        .poll(() => pathOf(page))
        .toBe(`/${lang}/login?returnTo=${encodeURIComponent(`/${lang}/choose-plan?plan=starter`)}`);
      await logIn(page, lang, email);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orderTitle);
      await expect.poll(() => pathOf(page)).toBe(`/${lang}/choose-plan?plan=starter`);

      // Order confirmation with VAT lines; the terms are required.
      await expect(summaryValue(page, t.net)).toHaveText(STARTER.net);
      await expect(summaryValue(page, t.vat)).toHaveText(STARTER.vat);
      await expect(summaryValue(page, t.total)).toHaveText(STARTER.total);
      await page.getByRole('button', { name: t.order }).click();
      await expect(page.getByRole('checkbox', { name: t.accept })).toHaveAccessibleDescription(t.mustAccept);
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('checkbox', { name: t.accept }).check();
      await page.getByRole('button', { name: t.order }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/payment/[^/]+$`));
      await expect(summaryValue(page, t.total)).toHaveText(STARTER.total);
      await expect(page.getByRole('heading', { name: t.testBanner })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // Pay with the succeeding test card; the success page waits for the webhook.
      await payWithTestCard(page, lang, '4242 4242 4242 4242');
      await expect(page).toHaveURL(new RegExp(`/${lang}/payment/[^/]+/success$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.paid, { timeout: 20_000 });

      // The subscription and the invoice in the dashboard.
      await page.getByRole('link', { name: t.toDashboard }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.detailsTitle);
      const table = page.getByRole('table', { name: t.history });
      const row = table.getByRole('row').filter({ hasText: 'Starter' });
      await expect(row).toHaveCount(1);
      await expect(row.getByText(t.inProgress)).toBeVisible();
      await expect(row.getByText(t.card)).toBeVisible();
      await expect(row).toContainText(STARTER.total);
      await expect(page.getByRole('definition').filter({ hasText: 'Starter' })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);

      // The invoice page, then its PDF through a presigned link.
      await row.getByRole('link', { name: t.viewInvoice }).click();
      const invoice = page.getByRole('article');
      await expect(invoice.getByRole('heading', { level: 1 })).toContainText(/RE-\d{4}-\d{6}/);
      await expect(invoice).toContainText(t.vatNumber);
      await expect(summaryValue(page, t.total)).toHaveText(STARTER.total);
      expect(await axeProblems(page)).toEqual([]);
      const [pdfLink] = await Promise.all([
        page.waitForResponse((response) => /\/api\/v1\/invoices\/[^/]+\/pdf$/.test(new URL(response.url()).pathname)),
        page.getByRole('button', { name: t.download }).click(),
      ]);
      expect(pdfLink.status()).toBe(200);
      const { url } = (await pdfLink.json()) as { url: string };
      const pdf = await request.get(url);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // A declined test card (another product, same seller) lands on the failure page.
      await page.goto(`/${lang}/vendre?choosePlan=true`);
      await page.getByRole('link', { name: t.chooseSingle }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orderTitle);
      await page.getByRole('checkbox', { name: t.accept }).check();
      await page.getByRole('button', { name: t.order }).click();
      await payWithTestCard(page, lang, '4000 0000 0000 0002');
      await expect(page).toHaveURL(new RegExp(`/${lang}/payment/[^/]+/failure$`), { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.failed);
      await expect(page.getByRole('link', { name: t.retry })).toHaveAttribute('href', /\/payment\/[^/]+$/);
    });
  }
});
