import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { savedSearch } from '@/testing/savedSearches';
import { server } from '@/testing/server';

/** `POST /saved-searches/unsubscribe` answers with `answer`; returns the tokens it received. */
function mockUnsubscribe(answer: () => Response) {
  const tokens: unknown[] = [];
  server.use(
    http.post(`${API}/saved-searches/unsubscribe`, async ({ request }) => {
      tokens.push(((await request.json()) as { token?: unknown }).token);
      return answer();
    }),
  );
  return tokens;
}

describe('unsubscribe', () => {
  it('pauses the search of the link once, signed out (French)', async () => {
    const tokens = mockUnsubscribe(() => HttpResponse.json(savedSearch({ name: 'Tuiles Zurich', paused: true })));
    await renderApp('/fr/unsubscribe?token=tok-123');

    expect(await screen.findByText('Vous ne recevrez plus d’alertes pour « Tuiles Zurich ».')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Se désabonner d’une alerte – Remat');
    });
    expect(screen.getByRole('link', { name: 'Gérer mes alertes' })).toHaveAttribute('href', '/fr/user/saved-searches');
    expect(screen.getByRole('link', { name: 'Parcourir les annonces' })).toHaveAttribute('href', '/fr/products');
    expect(tokens).toEqual(['tok-123']);
  });

  it('says that a link is not valid any more (German)', async () => {
    const tokens = mockUnsubscribe(() =>
      HttpResponse.json({ error: { code: 'invalid_token', message: 'invalid token' } }, { status: 400 }),
    );
    await renderApp('/de/unsubscribe?token=expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Link ist nicht mehr gültig. Melden Sie sich an, um Ihre Suchaufträge zu verwalten.',
    );
    expect(tokens).toEqual(['expired']);
  });

  it('says the same without a token, and asks nothing', async () => {
    const tokens = mockUnsubscribe(() => HttpResponse.json(savedSearch()));
    await renderApp('/en/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid any more. Sign in to manage your alerts.',
    );
    expect(screen.getByRole('link', { name: 'Manage my alerts' })).toHaveAttribute('href', '/en/user/saved-searches');
    expect(tokens).toEqual([]);
  });
});
