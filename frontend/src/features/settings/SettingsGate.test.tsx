import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('start-up', () => {
  it('shows the preloader until the settings have loaded', async () => {
    server.use(
      http.get(`${API}/settings`, async () => {
        await delay(50);
        return HttpResponse.json({});
      }),
    );
    const { container } = await renderApp('/fr/about', { waitForStartup: false });
    expect(container.querySelector('.preloader')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos de Remat' })).toBeInTheDocument();
    expect(container.querySelector('.preloader:not(.preloader--inline)')).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', () => HttpResponse.json({ error: { code: 'internal_error' } }, { status: 500 })],
    ['a network error', () => HttpResponse.error()],
    ['an unreadable body', () => new HttpResponse('<html>', { headers: { 'Content-Type': 'application/json' } })],
  ])('continues with the built-in defaults after %s', async (_, resolver) => {
    server.use(http.get(`${API}/settings`, resolver));
    await renderApp('/en/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Give construction materials a second life' }),
    ).toBeInTheDocument();
  });
});
