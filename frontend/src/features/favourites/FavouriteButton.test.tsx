import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { card, productDetail } from '@/testing/catalogue';
import { gate } from '@/testing/favourites';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const ID = '01JCARD0000000000000000001';

type Answer = (adId: string) => Response | Promise<Response>;

/**
 * A user's saved ids held in memory: `GET /wishlist/ids` lists them, PUT and DELETE change them
 * unless a test answers otherwise. Records every call.
 */
function mockWishlist(initial: string[] = [], answers: { put?: Answer; remove?: Answer } = {}) {
  let ids = [...initial];
  const calls: string[] = [];
  server.use(
    http.get(`${API}/wishlist/ids`, ({ request }) => {
      calls.push(`GET ids ${request.headers.get('authorization') ?? 'anonymous'}`);
      return HttpResponse.json({ ids });
    }),
    http.put(`${API}/wishlist/:id`, async ({ params }) => {
      const id = String(params.id);
      calls.push(`PUT ${id}`);
      if (answers.put) return answers.put(id);
      const known = ids.includes(id);
      if (!known) ids = [id, ...ids];
      return HttpResponse.json({ adId: id, savedAt: '2026-11-22T09:00:00Z' }, { status: known ? 200 : 201 });
    }),
    http.delete(`${API}/wishlist/:id`, async ({ params }) => {
      const id = String(params.id);
      calls.push(`DELETE ${id}`);
      if (answers.remove) return answers.remove(id);
      ids = ids.filter((saved) => saved !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

/** `GET /products` answers these cards. */
function listing(cards: unknown[]) {
  server.use(http.get(`${API}/products`, () => HttpResponse.json({ items: cards })));
}

/** The ad page's calls (the ad, its similar ads, the view counter). */
function adPage(detail = productDetail()) {
  server.use(
    http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: [] })),
    http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${API}/products/:id`, () => HttpResponse.json(detail)),
  );
}

function cardTitled(title: string): HTMLElement {
  const article = screen.getByRole('heading', { name: title }).closest('article');
  if (!article) throw new Error(`no card for ${title}`);
  return article;
}

describe('the favourites heart on ad cards', () => {
  it('saves and removes in one click, at once, and is not offered on the own ads', async () => {
    listing([
      card(),
      card({ id: 'MINE', title: 'Meine Platten', sellerId: TEST_USER.id }),
      card({ id: 'SAVED', title: 'Holzbalken' }),
    ]);
    const put = gate();
    const calls = mockWishlist(['SAVED'], {
      put: async (id) => {
        await put.promise;
        return HttpResponse.json({ adId: id, savedAt: '2026-11-22T09:00:00Z' }, { status: 201 });
      },
    });
    signIn();
    const { user } = await renderApp('/en/products', { preloadedState: signedInState() });

    const heart = await screen.findByRole('button', { name: 'Save “Dachziegel Biberschwanz” to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(
      await within(cardTitled('Holzbalken')).findByRole('button', { name: 'Remove “Holzbalken” from favourites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(cardTitled('Meine Platten')).queryByRole('button')).not.toBeInTheDocument();

    // Pressed while the server has not answered yet.
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Remove “Dachziegel Biberschwanz” from favourites');
    expect(calls).toContain(`PUT ${ID}`);
    put.open();
    await waitFor(() => {
      expect(heart).toHaveAttribute('aria-pressed', 'true');
    });

    // By keyboard: Space removes it again (the server's DELETE is answered at once).
    heart.focus();
    await user.keyboard(' ');
    await waitFor(() => {
      expect(heart).toHaveAttribute('aria-pressed', 'false');
    });
    expect(heart).toHaveAccessibleName('Save “Dachziegel Biberschwanz” to favourites');
    expect(calls).toContain(`DELETE ${ID}`);
    expect(calls.filter((call) => call.startsWith('GET ids'))).toEqual(['GET ids Bearer jwt-test']);
  });

  it('puts the heart back and says why when the list is full', async () => {
    listing([card()]);
    const answer = gate();
    mockWishlist([], {
      put: async () => {
        await answer.promise;
        return HttpResponse.json(
          {
            error: {
              code: 'wishlist_full',
              message: 'your wish list is full (300 ads); remove some first',
              params: { max: '300' },
            },
          },
          { status: 409 },
        );
      },
    });
    signIn();
    const { user } = await renderApp('/en/products', { preloadedState: signedInState() });
    const heart = await screen.findByRole('button', { name: 'Save “Dachziegel Biberschwanz” to favourites' });

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    answer.open();
    expect(await screen.findByText('Your favourites are full (300 ads). Remove some first.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleName('Save “Dachziegel Biberschwanz” to favourites');
  });

  it('sends visitors to log in and back to the ad, and asks for no ids until then', async () => {
    listing([card()]);
    adPage();
    const calls = mockWishlist([ID]);
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ message: 'login_success', token: 'jwt-test', user: TEST_USER }),
      ),
    );
    const { user, probe } = await renderApp('/fr/products');

    const heart = await screen.findByRole('button', { name: 'Ajouter « Dachziegel Biberschwanz » aux favoris' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(`${probe.location.pathname}${probe.location.search}`).toBe(
      `/fr/login?returnTo=${encodeURIComponent(`/fr/product/${ID}`)}`,
    );
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Adresse e-mail'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Mot de passe'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dachziegel Biberschwanz' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(probe.location.pathname).toBe(`/fr/product/${ID}`);
    // Signed in now: the heart shows the saved ad as saved.
    expect(
      await screen.findByRole('button', { name: 'Retirer « Dachziegel Biberschwanz » des favoris' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toEqual(['GET ids Bearer jwt-test']);
  });
});

describe('the favourites heart on the ad page', () => {
  it('removes in one click and puts the heart back on a server error (French)', async () => {
    adPage();
    const answer = gate();
    mockWishlist([ID], {
      remove: async () => {
        await answer.promise;
        return HttpResponse.json({ error: { code: 'internal_error', message: 'internal error' } }, { status: 500 });
      },
    });
    signIn();
    const { user } = await renderApp(`/fr/product/${ID}`, { preloadedState: signedInState() });
    const heart = await screen.findByRole('button', { name: 'Retirer « Dachziegel Biberschwanz » des favoris' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    answer.open();
    expect(await screen.findByText('Erreur interne du serveur.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Retirer « Dachziegel Biberschwanz » des favoris');
  });

  it('saves the ad by keyboard, and shows no heart to its seller (German)', async () => {
    adPage();
    const calls = mockWishlist();
    signIn();
    const { user, unmount } = await renderApp(`/de/product/${ID}`, { preloadedState: signedInState() });
    const heart = await screen.findByRole('button', { name: '«Dachziegel Biberschwanz» auf die Merkliste setzen' });
    heart.focus();
    await user.keyboard('{Enter}');
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('«Dachziegel Biberschwanz» von der Merkliste entfernen');
    await waitFor(() => {
      expect(calls).toContain(`PUT ${ID}`);
    });
    unmount();

    adPage(productDetail({ canEdit: true, seller: { ...productDetail().seller, id: TEST_USER.id } }));
    signIn();
    await renderApp(`/de/product/${ID}`, { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dachziegel Biberschwanz' })).toBeInTheDocument();
    // The owner's contact panel is there, but no heart.
    await screen.findByText(/Dies ist Ihr Inserat/);
    expect(screen.queryByRole('button', { name: /Merkliste/ })).not.toBeInTheDocument();
  });
});
