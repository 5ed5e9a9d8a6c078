import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readLoginType, readStoredToken, readTokenCookie } from '@/lib/authToken';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { expectNoSocialLinks, serveSocialProviders } from '@/testing/socialSignIn';

type UserEventApi = Awaited<ReturnType<typeof renderApp>>['user'];

async function logIn(user: UserEventApi, email = 'anna@example.ch', password = 'correct horse battery') {
  await user.type(screen.getByLabelText('Adresse e-mail'), email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

function loginFails(code: string, status: number, params?: Record<string, string>) {
  server.use(
    http.post(`${API}/auth/login`, () =>
      HttpResponse.json({ error: { code, message: code, ...(params && { params }) } }, { status }),
    ),
  );
}

describe('login', () => {
  it('logs in: stores cookie, token and login type, shows the user in the header, opens the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'login_success', token: 'jwt-test', user: TEST_USER });
      }),
    );
    const { user, probe, store } = await renderApp('/fr/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/fr/forgot-password');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      '/fr/account-creation',
    );
    await logIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' }, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/user/information');
    });
    expect(body).toEqual({ email: 'anna@example.ch', password: 'correct horse battery' });
    expect(readTokenCookie()).toBe('jwt-test');
    expect(window.localStorage.getItem('token')).toBe('jwt-test');
    expect(readLoginType()).toBe('email');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, token: 'jwt-test' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Anna Muster' })).toBeInTheDocument();
  });

  it('ignores a returnTo pointing to another site', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ message: 'login_success', token: 'jwt-test', user: TEST_USER }),
      ),
    );
    const { user, probe } = await renderApp('/fr/login?returnTo=%2F%2Fevil.example%2Fx');
    await screen.findByRole('heading', { level: 1 });
    await logIn(user);
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/user/information');
    });
  });

  it('says "invalid credentials" and keeps the visitor signed out', async () => {
    loginFails('invalid_credentials', 401);
    const { user, store } = await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Identifiants invalides : adresse e-mail ou mot de passe incorrect.',
    );
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(readStoredToken()).toBeNull();
  });

  it('offers to resend the verification e-mail to an unverified account', async () => {
    loginFails('email_not_verified', 403);
    let resent: unknown;
    server.use(
      http.post(`${API}/auth/resend-verification`, async ({ request }) => {
        resent = await request.json();
        return HttpResponse.json({ message: 'verification_email_sent' });
      }),
    );
    const { user } = await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    await logIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Votre adresse e-mail n’est pas encore vérifiée.');
    await user.click(within(alert).getByRole('button', { name: 'Renvoyer l’e-mail' }));
    expect(await within(screen.getByRole('status')).findByText('E-mail de vérification envoyé.')).toBeInTheDocument();
    expect(resent).toEqual({ email: 'anna@example.ch', language: 'fr' });
  });

  it.each([
    ['fr', 'Le statut du compte est suspendu, veuillez contacter le support.'],
    ['en', 'Account status is suspended, please contact support.'],
    ['de', 'Der Kontostatus ist gesperrt, bitte wenden Sie sich an den Support.'],
  ] as const)('%s: shows the account status in the translated message', async (lang, text) => {
    loginFails('account_status', 403, { status: 'suspended' });
    const { user } = await renderApp(`/${lang}/login`);
    await screen.findByRole('heading', { level: 1 });
    const labels = {
      fr: ['Adresse e-mail', 'Mot de passe', 'Se connecter'],
      en: ['E-mail address', 'Password', 'Log in'],
      de: ['E-Mail-Adresse', 'Passwort', 'Anmelden'],
    }[lang] as [string, string, string];
    await user.type(screen.getByLabelText(labels[0]), 'anna@example.ch');
    await user.type(screen.getByLabelText(labels[1]), 'secret secret');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: labels[2] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says when too many attempts were made (429)', async () => {
    loginFails('too_many_requests', 429);
    const { user } = await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de requêtes, veuillez réessayer plus tard.');
  });

  it('checks the fields before sending', async () => {
    const { user } = await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const email = screen.getByLabelText('Adresse e-mail');
    await waitFor(() => {
      expect(email).toHaveFocus();
    });
    expect(email).toHaveAccessibleDescription('Adresse e-mail invalide');
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription('Champ obligatoire');
  });

  it('hides the social buttons when no provider is configured', async () => {
    await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    expectNoSocialLinks();
  });

  it('shows only the configured providers, linking to the API with language and returnTo', async () => {
    serveSocialProviders(['google']);
    const { user } = await renderApp('/de/login?returnTo=%2Fde%2Fchoose-plan');
    await screen.findByRole('heading', { level: 1 });
    const google = screen.getByRole('link', { name: 'Weiter mit Google' });
    expect(google).toHaveAttribute(
      'href',
      `${window.location.origin}/api/v1/auth/oauth/google/start?lang=de&returnTo=%2Fde%2Fchoose-plan`,
    );
    expect(screen.queryByRole('link', { name: 'Weiter mit Facebook' })).not.toBeInTheDocument();
    google.addEventListener('click', (event) => {
      event.preventDefault();
    });
    await user.click(google);
    expect(window.sessionStorage.getItem('oauthProvider')).toBe('google');
  });

  it('shows Google and Facebook when both are configured, each with its own mark', async () => {
    serveSocialProviders(['google', 'facebook']);
    await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    const links = main.getAllByRole('link', { name: /^Continuer avec / });
    expect(links.map((link) => link.textContent)).toEqual(['Continuer avec Google', 'Continuer avec Facebook']);
    const [google, facebook] = links as [HTMLElement, HTMLElement];
    expect(facebook).toHaveAttribute(
      'href',
      `${window.location.origin}/api/v1/auth/oauth/facebook/start?lang=fr&returnTo=%2Ffr%2Fuser%2Finformation`,
    );
    // Google's four colours around its "G"; Facebook's "f" on its blue disc. Both marks are decorative.
    const googleColours = [...google.querySelectorAll('path')].map((path) => path.getAttribute('stroke'));
    expect(googleColours).toEqual(['#EA4335', '#FBBC05', '#34A853', '#4285F4']);
    expect(facebook.querySelector('circle')).toHaveAttribute('fill', '#0866FF');
    for (const link of links) expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it.each([
    ['oauth_failed', 'La connexion avec ce fournisseur a échoué. Veuillez réessayer.'],
    ['email_not_verified', 'Votre adresse e-mail n’est pas encore vérifiée.'],
    ['account_status', 'Votre compte n’est pas actif. Veuillez contacter le support.'],
    [
      'oauth_handover_invalid',
      'Ce lien de connexion a été ouvert dans un autre navigateur que celui où la connexion a commencé, ou il a expiré. Vous n’avez pas été connecté ; veuillez vous reconnecter.',
    ],
  ])('translates ?error=%s from the social sign-in', async (code, text) => {
    await renderApp(`/fr/login?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('show-password toggle', () => {
  it('is a pressed/unpressed button that shows the password without losing its value or caret', async () => {
    const { user } = await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    const password = screen.getByLabelText('Mot de passe');
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.type(password, 'secret words');
    (password as HTMLInputElement).setSelectionRange(3, 3);
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveValue('secret words');
    expect(password).toHaveFocus();
    expect((password as HTMLInputElement).selectionStart).toBe(3);

    // From the keyboard: the toggle is the next stop after the field, and Space presses it.
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(password).toHaveValue('secret words');
  });

  it('hides the password again when the form is sent', async () => {
    loginFails('invalid_credentials', 401);
    const { user } = await renderApp('/fr/login');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('wrong one');
  });
});

describe('social sign-in return (login/social)', () => {
  const REFUSED =
    'Ce lien de connexion a été ouvert dans un autre navigateur que celui où la connexion a commencé, ou il a expiré. Vous n’avez pas été connecté ; veuillez vous reconnecter.';

  /** The API's exchange: the token for `code`, anything else refused as another browser's hand-over. */
  function exchangeAnswers(code: string, token = 'jwt-test') {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/auth/oauth/exchange`, async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        bodies.push(body);
        return body.code === code
          ? HttpResponse.json({ message: 'login_success', token })
          : HttpResponse.json(
              { error: { code: 'oauth_handover_invalid', message: 'oauth_handover_invalid' } },
              { status: 400 },
            );
      }),
    );
    return bodies;
  }

  it('trades the one-time code for the token, loads the user and continues to returnTo', async () => {
    const bodies = exchangeAnswers('one-time-code');
    window.sessionStorage.setItem('oauthProvider', 'facebook');
    const { probe, store } = await renderApp('/fr/login/social#code=one-time-code&returnTo=%2Ffr%2Fuser%2Finformation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' }, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/user/information');
    });
    expect(bodies).toEqual([{ code: 'one-time-code' }]);
    expect(probe.location.hash).toBe('');
    expect(readTokenCookie()).toBe('jwt-test');
    expect(readLoginType()).toBe('facebook');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, token: 'jwt-test' });
  });

  it('refuses a hand-over link that another browser started, and says why', async () => {
    exchangeAnswers('the-code-this-browser-was-given');
    const { probe, store } = await renderApp('/fr/login/social#code=someone-elses-code&returnTo=%2Ffr%2F');
    // The refusal may show before the navigation to the login page has settled.
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
    await waitFor(() => {
      expect(`${probe.location.pathname}${probe.location.search}`).toBe('/fr/login?error=oauth_handover_invalid');
    });
    expect(readStoredToken()).toBeNull();
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });

  it('never stores a token carried by the link itself', async () => {
    const bodies = exchangeAnswers('unused');
    const { probe, store } = await renderApp('/fr/login/social#token=jwt-test&returnTo=%2Ffr%2Fuser%2Finformation');
    // The refusal may show before the navigation to the login page has settled.
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
    await waitFor(() => {
      expect(`${probe.location.pathname}${probe.location.search}`).toBe('/fr/login?error=oauth_handover_invalid');
    });
    expect(bodies).toEqual([]);
    expect(readStoredToken()).toBeNull();
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });

  it('keeps the session of a signed-in visitor when a foreign hand-over link is refused', async () => {
    exchangeAnswers('the-code-this-browser-was-given');
    signIn();
    const { store } = await renderApp('/fr/login/social#code=someone-elses-code', { preloadedState: signedInState() });
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
    expect(readTokenCookie()).toBe('jwt-test');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, token: 'jwt-test' });
  });

  it('goes back to login with an error when the token it got is refused', async () => {
    exchangeAnswers('one-time-code', 'bad');
    const { probe } = await renderApp('/fr/login/social#code=one-time-code&returnTo=%2Ffr%2F');
    expect(await screen.findByRole('alert')).toHaveTextContent('La connexion avec ce fournisseur a échoué.');
    expect(`${probe.location.pathname}${probe.location.search}`).toBe('/fr/login?error=oauth_failed');
    expect(readStoredToken()).toBeNull();
  });
});
