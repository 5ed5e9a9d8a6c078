import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readLoginType, readStoredToken, readTokenCookie } from '@/lib/authToken';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('session bootstrap (spec §4)', () => {
  it('stays signed out without calling /auth/me when nothing is stored', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/auth/me`, () => {
        calls++;
        return HttpResponse.json({ user: TEST_USER });
      }),
    );
    const { store } = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 });
    expect(calls).toBe(0);
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('keeps the preloader until /auth/me answers, then shows the signed-in header', async () => {
    signIn();
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/auth/me`, async ({ request }) => {
        authorization = request.headers.get('authorization');
        await delay(60);
        return HttpResponse.json({ user: { ...TEST_USER, avatar: '/images/avatars/u/1.jpg' } });
      }),
    );
    const { container, store } = await renderApp('/en/about', { waitForStartup: false });
    expect(container.querySelector('.preloader:not(.preloader--inline)')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const banner = await screen.findByRole('banner');
    expect(authorization).toBe('Bearer jwt-test');
    const account = within(banner).getByRole('link', { name: 'Anna Muster' });
    expect(account).toHaveAttribute('href', '/en/user/information');
    expect(account.querySelector('img')).toHaveAttribute('src', '/images/avatars/u/1.jpg');
    expect(within(banner).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, token: 'jwt-test' });
  });

  it('shows initials when the user has no photo', async () => {
    signIn();
    await renderApp('/fr/about');
    const account = within(screen.getByRole('banner')).getByRole('link', { name: 'Anna Muster' });
    expect(account.querySelector('img')).toBeNull();
  });

  it('restores a token kept only in local storage', async () => {
    window.localStorage.setItem('token', 'jwt-test');
    const { store } = await renderApp('/fr/about');
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(readTokenCookie()).toBe('jwt-test');
  });

  it('logs out and forgets a refused token', async () => {
    document.cookie = 'token=expired; Path=/';
    window.localStorage.setItem('token', 'expired');
    window.localStorage.setItem('loginType', 'email');
    const { store } = await renderApp('/en/about');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: false, token: null, user: null });
    expect(readStoredToken()).toBeNull();
    expect(readLoginType()).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('continues signed out (keeping the token for the next visit) when the network fails', async () => {
    signIn();
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.error()));
    const { store } = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 });
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(readStoredToken()).toBe('jwt-test');
  });
});

describe('protected routes', () => {
  it.each([
    ['/fr/user/information', '/fr/login?returnTo=%2Ffr%2Fuser%2Finformation'],
    ['/de/choose-plan', '/de/login?returnTo=%2Fde%2Fchoose-plan'],
    ['/en/invoice/42?x=1', '/en/login?returnTo=%2Fen%2Finvoice%2F42%3Fx%3D1'],
  ])('sends a visitor from %s to %s', async (from, to) => {
    const { probe } = await renderApp(from);
    await waitFor(() => {
      expect(`${probe.location.pathname}${probe.location.search}`).toBe(to);
    });
    expect(probe.navigationType).toBe('REPLACE');
  });

  it('goes back to the protected page after logging in', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ message: 'login_success', token: 'jwt-test', user: TEST_USER }),
      ),
    );
    const { user, probe } = await renderApp('/en/user/information');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to continue to this page.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail address'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' }, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/user/information');
    });
    expect(screen.getByRole('navigation', { name: 'My account' })).toBeInTheDocument();
  });

  it('shows the dashboard to a signed-in user; /user opens the profile, contacts the messages', async () => {
    signIn();
    const { probe, user } = await renderApp('/fr/user', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' }, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/user/information');
    });
    const nav = screen.getByRole('navigation', { name: 'Mon compte' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/fr/user/products',
      '/fr/user/payment-details',
      '/fr/user/information',
      '/fr/user/contacts',
      '/fr/user/favourites',
      '/fr/user/saved-searches',
      '/fr/user/privacy',
    ]);
    expect(within(nav).getByRole('link', { name: 'Mon profil' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Messages reçus' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages reçus' })).toBeInTheDocument();
  });
});

describe('logout', () => {
  it('calls the API, clears cookie, token, login type and user, goes home and toasts', async () => {
    signIn();
    window.localStorage.setItem('loginType', 'google');
    let called = false;
    server.use(
      http.post(`${API}/auth/logout`, ({ request }) => {
        called = request.headers.get('authorization') === 'Bearer jwt-test';
        return HttpResponse.json({ message: 'logout_success' });
      }),
    );
    const { user, store, probe } = await renderApp('/fr/user/information');
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' }, { timeout: 4000 });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Se déconnecter' }));
    expect(await within(screen.getByRole('status')).findByText('Déconnecté avec succès')).toBeInTheDocument();
    expect(called).toBe(true);
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/');
    });
    expect(store.getState().auth).toMatchObject({ user: null, isLoggedIn: false, token: null });
    expect(readTokenCookie()).toBeUndefined();
    expect(readStoredToken()).toBeNull();
    expect(readLoginType()).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('logs out locally even when the server call fails', async () => {
    signIn();
    server.use(
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ error: { code: 'internal_error' } }, { status: 500 })),
    );
    const { user, store } = await renderApp('/de/about');
    await screen.findByRole('heading', { level: 1 });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Abmelden' }));
    expect(await within(screen.getByRole('status')).findByText('Erfolgreich abgemeldet')).toBeInTheDocument();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(readStoredToken()).toBeNull();
  });

  it('is offered in the mobile menu too', async () => {
    signIn();
    const { user, store } = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Anna Muster' })).toHaveAttribute('href', '/en/user/information');
    expect(within(dialog).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => {
      expect(store.getState().auth.isLoggedIn).toBe(false);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
