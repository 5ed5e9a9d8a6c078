import type { APIRequestContext, Page } from '@playwright/test';
import { axeProblems, expect, LANGS, linkFromMailbox, pathOf, test, uniqueEmail, type E2ELang } from './support';

/** The texts these journeys look for, written out so that a broken translation fails them. */
const T = {
  fr: {
    signUpTitle: 'Créer un compte',
    professional: 'Entreprise',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Adresse e-mail',
    phone: 'Téléphone (facultatif)',
    password: 'Mot de passe',
    confirm: 'Confirmez le mot de passe',
    companyName: 'Nom de l’entreprise',
    companyEmail: 'Adresse e-mail de l’entreprise',
    companyAddress: 'Adresse de l’entreprise',
    adult: 'J’ai 18 ans ou plus',
    rules:
      'J’accepte les règles de la plateforme fixées dans les conditions générales (s’ouvre dans un nouvel onglet).',
    rulesLink: 'conditions générales (s’ouvre dans un nouvel onglet)',
    termsTitle: 'Conditions générales',
    showPassword: 'Afficher le mot de passe',
    create: 'Créer mon compte',
    noticeTitle: 'Vérifiez votre boîte e-mail',
    required: 'Champ obligatoire',
    verified: 'Adresse e-mail vérifiée. Vous pouvez maintenant vous connecter.',
    goLogin: 'Aller à la connexion',
    loginTitle: 'Connexion',
    loginButton: 'Se connecter',
    accountTitle: 'Mon compte',
    save: 'Enregistrer',
    profileUpdated: 'Profil mis à jour.',
    choosePhoto: 'Choisir une photo',
    upload: 'Envoyer la photo',
    current: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmNew: 'Confirmez le nouveau mot de passe',
    changePassword: 'Changer le mot de passe',
    passwordChanged: 'Mot de passe modifié.',
    logout: 'Se déconnecter',
    loggedOut: 'Déconnecté avec succès',
    invalidCredentials: 'Identifiants invalides',
    forgotLink: 'Mot de passe oublié ?',
    sendLink: 'Envoyer le lien',
    forgotSent: 'Si un compte utilise cette adresse',
    saveNew: 'Enregistrer le nouveau mot de passe',
    resetDone: 'Mot de passe réinitialisé, vous pouvez maintenant vous connecter.',
    protectedLead: 'Veuillez vous connecter pour accéder à cette page.',
  },
  de: {
    signUpTitle: 'Konto erstellen',
    professional: 'Unternehmen',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail-Adresse',
    phone: 'Telefon (optional)',
    password: 'Passwort',
    confirm: 'Passwort bestätigen',
    companyName: 'Firmenname',
    companyEmail: 'E-Mail-Adresse der Firma',
    companyAddress: 'Firmenadresse',
    adult: 'Ich bin 18 Jahre alt oder älter',
    rules:
      'Ich akzeptiere die Regeln der Plattform gemäss den Allgemeinen Geschäftsbedingungen (öffnet in einem neuen Tab).',
    rulesLink: 'Allgemeinen Geschäftsbedingungen (öffnet in einem neuen Tab)',
    termsTitle: 'Allgemeine Geschäftsbedingungen',
    showPassword: 'Passwort anzeigen',
    create: 'Mein Konto erstellen',
    noticeTitle: 'Prüfen Sie Ihre E-Mails',
    required: 'Pflichtfeld',
    verified: 'E-Mail-Adresse bestätigt. Sie können sich jetzt anmelden.',
    goLogin: 'Zur Anmeldung',
    loginTitle: 'Anmelden',
    loginButton: 'Anmelden',
    accountTitle: 'Mein Konto',
    save: 'Speichern',
    profileUpdated: 'Profil aktualisiert.',
    choosePhoto: 'Foto auswählen',
    upload: 'Foto hochladen',
    current: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    confirmNew: 'Neues Passwort bestätigen',
    changePassword: 'Passwort ändern',
    passwordChanged: 'Passwort geändert.',
    logout: 'Abmelden',
    loggedOut: 'Erfolgreich abgemeldet',
    invalidCredentials: 'Ungültige Anmeldedaten',
    forgotLink: 'Passwort vergessen?',
    sendLink: 'Link senden',
    forgotSent: 'Falls ein Konto diese Adresse verwendet',
    saveNew: 'Neues Passwort speichern',
    resetDone: 'Passwort zurückgesetzt, Sie können sich jetzt anmelden.',
    protectedLead: 'Bitte melden Sie sich an, um diese Seite zu öffnen.',
  },
} as const satisfies Record<E2ELang, Record<string, string>>;

const PASSWORD = 'Bauholz-Rest-2026!';
const NEW_PASSWORD = 'Ziegel+Beton-2027?';
const RESET_PASSWORD = 'Kies&Sand-2028#';

/** A real PNG drawn by the browser's canvas (nothing downloaded). */
async function pngFrom(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 320;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const gradient = context.createLinearGradient(0, 0, 320, 320);
    gradient.addColorStop(0, '#166534');
    gradient.addColorStop(1, '#ffd166');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 320, 320);
    return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
  });
  return Buffer.from(base64, 'base64');
}

async function signUp(page: Page, lang: E2ELang, email: string, professional: boolean) {
  const t = T[lang];
  await page.goto(`/${lang}/account-creation`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.signUpTitle);
  // Nothing filled in: inline required-field messages, focus on the first field.
  await page.getByRole('button', { name: t.create }).click();
  await expect(page.getByLabel(t.firstName)).toBeFocused();
  await expect(page.getByLabel(t.firstName)).toHaveAccessibleDescription(t.required);

  if (professional) await page.getByRole('radio', { name: t.professional }).check();
  await page.getByLabel(t.firstName, { exact: true }).fill(lang === 'fr' ? 'Élodie' : 'Jürg');
  await page.getByLabel(t.lastName, { exact: true }).fill('Testeur');
  await page.getByLabel(t.email, { exact: true }).fill(email);
  // The phone is optional: the individual leaves it out, the business gives one.
  if (professional) await page.getByLabel(t.phone).fill('+41 79 123 45 67');
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.confirm, { exact: true }).fill(PASSWORD);
  if (professional) {
    await page.getByLabel(t.companyName).fill('Remat Test AG');
    await page.getByLabel(t.companyEmail).fill(`company-${email}`);
    await page.getByLabel(t.companyAddress).fill('Bahnhofstrasse 1, 8001 Zürich');
  }
  await page.getByLabel(t.adult).check();
  // The rules open in a new tab, so nothing typed here is lost.
  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: t.rulesLink, exact: true }).click(),
  ]);
  await expect(terms.getByRole('heading', { level: 1 })).toHaveText(t.termsTitle);
  expect(pathOf(terms)).toBe(`/${lang}/terms`);
  await terms.close();
  await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email);
  await expect(page.getByLabel(t.rules, { exact: true })).not.toBeChecked();
  await page.getByLabel(t.rules, { exact: true }).check();
  // Show the password once: still the same text, and hidden again when the form is sent.
  const toggle = page.getByRole('button', { name: t.showPassword }).first();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel(t.password, { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByLabel(t.password, { exact: true })).toHaveValue(PASSWORD);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: t.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.noticeTitle);
  await expect(page.getByText(email)).toBeVisible();
}

async function verify(page: Page, request: APIRequestContext, lang: E2ELang, email: string) {
  const link = await linkFromMailbox(request, email, 'email-verification');
  expect(link.startsWith(`/${lang}/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByText(T[lang].verified)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: T[lang].goLogin }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].loginTitle);
}

async function logIn(page: Page, lang: E2ELang, email: string, password: string) {
  const t = T[lang];
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: t.loginButton }).click();
}

test.describe('accounts against the real backend', () => {
  for (const lang of LANGS) {
    test(`${lang}: sign up, verify, log in, edit the profile with a photo, change the password, log out, reset`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const t = T[lang];
      const email = uniqueEmail(lang);
      await signUp(page, lang, email, false);
      await verify(page, request, lang, email);

      await logIn(page, lang, email, PASSWORD);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountTitle);
      expect(pathOf(page)).toBe(`/${lang}/user/information`);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: `${lang === 'fr' ? 'Élodie' : 'Jürg'} Testeur` })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('loginType'))).toBe('email');

      // Profile: a new last name, then a photo.
      await page.getByLabel(t.lastName, { exact: true }).fill('Muster');
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await expect(page.getByRole('status').getByText(t.profileUpdated)).toBeVisible();
      await expect(banner.getByRole('link', { name: /Muster$/ })).toBeVisible();

      await page.getByLabel(t.choosePhoto).setInputFiles({
        name: 'avatar.png',
        mimeType: 'image/png',
        buffer: await pngFrom(page),
      });
      await expect(page.locator('.profile-photo img')).toHaveAttribute('src', /^blob:/);
      await page.getByRole('button', { name: t.upload }).click();
      await expect(banner.locator('img.avatar')).toHaveAttribute('src', /^\/images\/avatars\/.+\.jpg$/);
      const avatar = await banner.locator('img.avatar').getAttribute('src');
      const image = await request.get(avatar ?? '');
      expect(image.ok()).toBe(true);
      expect(image.headers()['content-type']).toContain('image/jpeg');

      // Change the password; the session continues with the new token.
      await page.getByLabel(t.current).fill(PASSWORD);
      await page.getByLabel(t.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(t.confirmNew).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(page.getByRole('status').getByText(t.passwordChanged)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountTitle);

      // Log out: home, toast, everything forgotten.
      await banner.getByRole('button', { name: t.logout }).click();
      await expect(page.getByRole('status').getByText(t.loggedOut)).toBeVisible();
      expect(pathOf(page)).toBe(`/${lang}/`);
      expect(
        await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('loginType')]),
      ).toEqual([null, null]);
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();

      // The old password no longer works.
      await page.goto(`/${lang}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.loginTitle);
      await logIn(page, lang, email, PASSWORD);
      await expect(page.getByRole('alert')).toContainText(t.invalidCredentials);

      // Forgot / reset through the mailbox, then log in with the new password.
      await page.getByRole('link', { name: t.forgotLink }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.forgotLink);
      await page.getByLabel(t.email).fill(email);
      await page.getByRole('button', { name: t.sendLink }).click();
      await expect(page.getByText(t.forgotSent)).toBeVisible();
      const reset = await linkFromMailbox(request, email, 'reset-password');
      await page.goto(reset);
      await expect(page.getByRole('button', { name: t.saveNew })).toBeVisible();
      await page.getByLabel(t.newPassword, { exact: true }).fill(RESET_PASSWORD);
      await page.getByLabel(t.confirmNew).fill(RESET_PASSWORD);
      await page.getByRole('button', { name: t.saveNew }).click();
      await expect(page.getByText(t.resetDone)).toBeVisible();
      await page.goto(`/${lang}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.loginTitle);
      await logIn(page, lang, email, RESET_PASSWORD);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountTitle);
    });

    test(`${lang}: a professional signs up, verifies, and is sent back to a protected page after logging in`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const t = T[lang];
      const email = uniqueEmail(lang);
      await signUp(page, lang, email, true);
      await verify(page, request, lang, email);

      await page.goto(`/${lang}/user/information`);
      await expect(page.getByText(t.protectedLead)).toBeVisible();
      expect(pathOf(page)).toBe(`/${lang}/login?returnTo=${encodeURIComponent(`/${lang}/user/information`)}`);
      await logIn(page, lang, email, PASSWORD);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountTitle);
      expect(pathOf(page)).toBe(`/${lang}/user/information`);
      await expect(page.getByLabel(t.companyName)).toHaveValue('Remat Test AG');
      await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
    });
  }
});
