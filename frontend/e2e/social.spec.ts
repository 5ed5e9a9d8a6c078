import type { APIRequestContext } from '@playwright/test';
import { axeProblems, expect, LANGS, pathOf, test, uniqueEmail, type E2ELang } from './support';

/**
 * Social sign-in against the local cloud's development sign-in providers, which stand in for
 * Google and Facebook: they have no login page and sign in, at once, the identity queued for the
 * provider with POST /_dev/oidc/next-user.
 */
const T = {
  fr: {
    loginTitle: 'Connexion',
    protectedLead: 'Veuillez vous connecter pour accéder à cette page.',
    signUpTitle: 'Créer un compte',
    google: 'Continuer avec Google',
    facebook: 'Continuer avec Facebook',
    accountTitle: 'Mon compte',
    logout: 'Se déconnecter',
    loggedOut: 'Déconnecté avec succès',
    firstName: 'Séverine',
    handoverRefused:
      'Ce lien de connexion a été ouvert dans un autre navigateur que celui où la connexion a commencé, ou il a expiré. Vous n’avez pas été connecté ; veuillez vous reconnecter.',
  },
  de: {
    loginTitle: 'Anmelden',
    protectedLead: 'Bitte melden Sie sich an, um diese Seite zu öffnen.',
    signUpTitle: 'Konto erstellen',
    google: 'Weiter mit Google',
    facebook: 'Weiter mit Facebook',
    accountTitle: 'Mein Konto',
    logout: 'Abmelden',
    loggedOut: 'Erfolgreich abgemeldet',
    firstName: 'Jürgen',
    handoverRefused:
      'Dieser Anmeldelink wurde in einem anderen Browser geöffnet als dem, in dem die Anmeldung begonnen hat, oder er ist abgelaufen. Sie wurden nicht angemeldet; bitte melden Sie sich erneut an.',
  },
} as const;

type Provider = 'google' | 'facebook';

/** Makes `identity` the next person the development sign-in provider of `provider` signs in. */
async function queueIdentity(
  request: APIRequestContext,
  identity: { email: string; firstName: string; lastName: string },
  provider: Provider = 'google',
): Promise<void> {
  const response = await request.post('/_dev/oidc/next-user', {
    data: { ...identity, provider, emailVerified: true },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Each provider from each language, from the login page (back to the page asked for) and from sign-up. */
const JOURNEYS: readonly { lang: E2ELang; provider: Provider; from: 'login' | 'sign-up' }[] = [
  { lang: 'fr', provider: 'google', from: 'login' },
  { lang: 'de', provider: 'facebook', from: 'login' },
  { lang: 'fr', provider: 'facebook', from: 'sign-up' },
  { lang: 'de', provider: 'google', from: 'sign-up' },
];

test.describe('social sign-in (development stand-ins for Google and Facebook)', () => {
  for (const { lang, provider, from } of JOURNEYS) {
    test(`${lang}: continues with ${provider} from ${from} to the page asked for, signed in, then logs out`, async ({
      page,
      request,
    }) => {
      const t = T[lang];
      const email = uniqueEmail(lang);
      const lastName = `Sozial${Date.now().toString(36)}`;
      await queueIdentity(request, { email, firstName: t.firstName, lastName }, provider);

      const returnTo = `/${lang}/user/information`;
      if (from === 'login') {
        await page.goto(returnTo);
        await expect(page.getByText(t.protectedLead)).toBeVisible();
        expect(pathOf(page)).toBe(`/${lang}/login?returnTo=${encodeURIComponent(returnTo)}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.loginTitle);
      } else {
        await page.goto(`/${lang}/account-creation`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.signUpTitle);
      }
      // Both configured providers, in order, each with its own mark; the page stays accessible.
      const main = page.getByRole('main');
      await expect(main.locator('.auth-social__button')).toHaveText([t.google, t.facebook]);
      await expect(main.getByRole('link', { name: t.google }).locator('svg path')).toHaveCount(4);
      await expect(main.getByRole('link', { name: t.facebook }).locator('svg circle')).toHaveCount(1);
      expect(await axeProblems(page)).toEqual([]);

      await main.getByRole('link', { name: t[provider] }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountTitle);
      expect(pathOf(page)).toBe(returnTo);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: `${t.firstName} ${lastName}` })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('loginType'))).toBe(provider);

      await banner.getByRole('button', { name: t.logout }).click();
      await expect(page.getByRole('status').getByText(t.loggedOut)).toBeVisible();
      expect(pathOf(page)).toBe(`/${lang}/`);
      expect(
        await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('loginType')]),
      ).toEqual([null, null]);
      await expect(banner.getByRole('link', { name: `${t.firstName} ${lastName}` })).toHaveCount(0);
    });
  }

  for (const lang of LANGS) {
    test(`${lang}: a hand-over link opened in a browser that did not start the sign-in signs nobody in`, async ({
      browser,
      page,
      request,
    }) => {
      const t = T[lang];
      const email = uniqueEmail(lang);
      const lastName = `Fremd${Date.now().toString(36)}`;
      await queueIdentity(request, { email, firstName: t.firstName, lastName });

      // The sign-in starts in `page`, which keeps the link the callback hands over but may not use it
      // (its exchange is cut off), as if the link had been copied and sent to someone else.
      let handover = '';
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.endsWith('/auth/oauth/google/callback')) {
          handover = response.headers().location ?? '';
        }
      });
      await page.route('**/api/v1/auth/oauth/exchange', (route) => route.abort());
      await page.goto(`/${lang}/login`);
      await page.getByRole('link', { name: t.google }).click();
      await expect.poll(() => handover).toContain(`/${lang}/login/social#`);

      const other = await browser.newContext();
      try {
        const stranger = await other.newPage();
        await stranger.goto(handover);
        await expect(stranger.getByRole('alert')).toHaveText(t.handoverRefused);
        expect(pathOf(stranger)).toBe(`/${lang}/login?error=oauth_handover_invalid`);
        expect(await stranger.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
        await expect(
          stranger.getByRole('banner').getByRole('link', { name: `${t.firstName} ${lastName}` }),
        ).toHaveCount(0);
      } finally {
        await other.close();
      }

      // The browser that started the sign-in can still use the same link.
      await page.unrouteAll();
      await page.goto('about:blank');
      await page.goto(handover);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountTitle);
      await expect(page.getByRole('banner').getByRole('link', { name: `${t.firstName} ${lastName}` })).toBeVisible();
    });
  }
});
