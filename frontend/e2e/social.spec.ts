import type { APIRequestContext } from '@playwright/test';
import { expect, LANGS, pathOf, test, uniqueEmail } from './support';

/**
 * Social sign-in against the local cloud's development sign-in provider, which stands in for
 * Google: it has no login page and signs in, at once, the identity queued with
 * POST /_dev/oidc/next-user.
 */
const T = {
  fr: {
    loginTitle: 'Connexion',
    protectedLead: 'Veuillez vous connecter pour accéder à cette page.',
    google: 'Continuer avec Google',
    accountTitle: 'Mon compte',
    logout: 'Se déconnecter',
    loggedOut: 'Déconnecté avec succès',
    firstName: 'Séverine',
  },
  de: {
    loginTitle: 'Anmelden',
    protectedLead: 'Bitte melden Sie sich an, um diese Seite zu öffnen.',
    google: 'Weiter mit Google',
    accountTitle: 'Mein Konto',
    logout: 'Abmelden',
    loggedOut: 'Erfolgreich abgemeldet',
    firstName: 'Jürgen',
  },
} as const;

/** Makes `identity` the next person the development sign-in provider signs in. */
async function queueIdentity(
  request: APIRequestContext,
  identity: { email: string; firstName: string; lastName: string },
): Promise<void> {
  const response = await request.post('/_dev/oidc/next-user', { data: { ...identity, emailVerified: true } });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('social sign-in (development stand-in for Google)', () => {
  for (const lang of LANGS) {
    test(`${lang}: continues with Google to the page asked for, signed in, then logs out`, async ({
      page,
      request,
    }) => {
      const t = T[lang];
      const email = uniqueEmail(lang);
      const lastName = `Sozial${Date.now().toString(36)}`;
      await queueIdentity(request, { email, firstName: t.firstName, lastName });

      const returnTo = `/${lang}/user/information`;
      await page.goto(returnTo);
      await expect(page.getByText(t.protectedLead)).toBeVisible();
      expect(pathOf(page)).toBe(`/${lang}/login?returnTo=${encodeURIComponent(returnTo)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.loginTitle);

      await page.getByRole('link', { name: t.google }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountTitle);
      expect(pathOf(page)).toBe(returnTo);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: `${t.firstName} ${lastName}` })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('loginType'))).toBe('google');

      await banner.getByRole('button', { name: t.logout }).click();
      await expect(page.getByRole('status').getByText(t.loggedOut)).toBeVisible();
      expect(pathOf(page)).toBe(`/${lang}/`);
      expect(
        await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('loginType')]),
      ).toEqual([null, null]);
      await expect(banner.getByRole('link', { name: `${t.firstName} ${lastName}` })).toHaveCount(0);
    });
  }
});
