import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { favourite, gate, savedCard } from '@/testing/favourites';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

type Item = ReturnType<typeof favourite>;

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * A wish list held in memory: `GET /wishlist` lists it (`pageSize` per page, the cursor is the
 * offset), DELETE removes from it (`remove`, when given, answers first). Records every call.
 */
function mockWishlist(
  initial: Item[],
  { pageSize = 24, remove }: { pageSize?: number; remove?: () => Promise<Response> } = {},
) {
  let items = [...initial];
  const calls: string[] = [];
  server.use(
    http.get(`${API}/wishlist`, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      calls.push(`GET ${cursor ?? 'first'}`);
      const offset = Number(cursor ?? '0');
      const next = offset + pageSize < items.length ? String(offset + pageSize) : null;
      return HttpResponse.json({ items: items.slice(offset, offset + pageSize), nextCursor: next });
    }),
    http.delete(`${API}/wishlist/:id`, async ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      if (remove) {
        const response = await remove();
        if (response.ok) items = items.filter((item) => item.adId !== params.id);
        return response;
      }
      const known = items.some((item) => item.adId === params.id);
      items = items.filter((item) => item.adId !== params.id);
      return known
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json({ error: { code: 'wishlist_not_found', message: 'wish list not found' } }, { status: 404 });
    }),
  );
  return calls;
}

async function openFavourites(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

/** The list item around a heading (each saved ad has one). */
function itemTitled(title: string): HTMLElement {
  const item = screen.getByRole('heading', { level: 2, name: title }).closest('li');
  if (!item) throw new Error(`no item for ${title}`);
  return item;
}

describe('user/favourites', () => {
  it('lists the saved ads: on sale (linked), deactivated, expired and deleted (German)', async () => {
    mockWishlist([
      favourite('A', { card: savedCard({ id: 'A', discountPct: 20, effectivePriceRp: 100000 }) }),
      favourite('B', {
        state: 'inactive',
        card: savedCard({ id: 'B', title: 'Holzbalken', thumbKey: 'images/b-card.jpg', imageUrl: undefined }),
      }),
      favourite('C', {
        state: 'expired',
        card: savedCard({ id: 'C', title: 'Gipsplatten' }),
        savedAt: '2026-10-01T09:00:00Z',
      }),
      favourite('D', { state: 'removed', card: null, title: 'Alte Fenster' }),
      favourite('E', { state: 'removed', card: null, title: '' }),
    ]);
    await openFavourites('/de/user/favourites');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merkliste' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Merkliste – Remat');
    });
    const list = await screen.findByRole('list', { name: 'Gemerkte Inserate' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);

    const onSale = itemTitled('Dachziegel Biberschwanz');
    expect(within(onSale).getByRole('link', { name: 'Dachziegel Biberschwanz' })).toHaveAttribute(
      'href',
      '/de/product/A',
    );
    expect(plain(within(onSale).getByText(/CHF 1’000\.00/).textContent)).toBe('Aktueller Preis: CHF 1’000.00');
    expect(plain(within(onSale).getByText(/8001 Zürich/).textContent)).toBe('Ort: 8001 Zürich (ZH)');
    expect(within(onSale).getByText('Gemerkt am 22.11.2026')).toBeInTheDocument();
    expect(
      within(onSale).getByRole('button', { name: '«Dachziegel Biberschwanz» von der Merkliste entfernen' }),
    ).toBeEnabled();

    const inactive = itemTitled('Holzbalken');
    expect(within(inactive).getByText('Vom Verkäufer deaktiviert')).toBeInTheDocument();
    expect(within(inactive).queryByRole('link')).not.toBeInTheDocument();
    // Only thumbKey sent: the picture's site path is derived from it.
    expect(inactive.querySelector('img')).toHaveAttribute('src', '/images/b-card.jpg');

    const expired = itemTitled('Gipsplatten');
    expect(within(expired).getByText('Abgelaufen')).toBeInTheDocument();
    expect(within(expired).queryByRole('link')).not.toBeInTheDocument();
    expect(within(expired).getByText('Gemerkt am 01.10.2026')).toBeInTheDocument();

    const deleted = itemTitled('Alte Fenster');
    expect(within(deleted).getByText('Dieses Inserat wurde gelöscht')).toBeInTheDocument();
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
    expect(within(deleted).getByRole('button', { name: '«Alte Fenster» von der Merkliste entfernen' })).toBeEnabled();

    const untitled = itemTitled('Dieses Inserat wurde gelöscht');
    expect(
      within(untitled).getByRole('button', {
        name: 'Das gelöschte, am 22.11.2026 gemerkte Inserat von der Merkliste entfernen',
      }),
    ).toBeEnabled();
  });

  it('removes an ad at once, moves the focus to the next one and refreshes the page', async () => {
    const answer = gate();
    const calls = mockWishlist(
      [favourite('A'), favourite('B', { card: savedCard({ id: 'B', title: 'Holzbalken' }) })],
      {
        remove: async () => {
          await answer.promise;
          return new HttpResponse(null, { status: 204 });
        },
      },
    );
    const { user } = await openFavourites('/en/user/favourites');
    const remove = await screen.findByRole('button', { name: 'Remove “Dachziegel Biberschwanz” from favourites' });

    await user.click(remove);
    // Gone before the server has answered; the next item's button has the focus.
    expect(screen.queryByRole('heading', { name: 'Dachziegel Biberschwanz' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove “Holzbalken” from favourites' })).toHaveFocus();
    answer.open();
    expect(await screen.findByText('Removed from favourites')).toBeInTheDocument();
    expect(calls).toContain('DELETE A');
    await waitFor(() => {
      expect(calls.filter((call) => call === 'GET first')).toHaveLength(2);
    });
    expect(within(screen.getByRole('list', { name: 'Saved ads' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('puts the ad back and says why when the server fails', async () => {
    const answer = gate();
    mockWishlist([favourite('A')], {
      remove: async () => {
        await answer.promise;
        return HttpResponse.json({ error: { code: 'internal_error', message: 'internal error' } }, { status: 500 });
      },
    });
    const { user } = await openFavourites('/en/user/favourites');
    await user.click(await screen.findByRole('button', { name: 'Remove “Dachziegel Biberschwanz” from favourites' }));
    expect(screen.queryByRole('heading', { name: 'Dachziegel Biberschwanz' })).not.toBeInTheDocument();
    answer.open();
    expect(await screen.findByText('Internal server error.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dachziegel Biberschwanz' })).toBeInTheDocument();
    expect(screen.queryByText('Removed from favourites')).not.toBeInTheDocument();
  });

  it('treats an ad that was no longer saved as removed (French)', async () => {
    // Removed meanwhile in another tab: the server answers 404 wishlist_not_found.
    let gone = false;
    server.use(
      http.get(`${API}/wishlist`, () => HttpResponse.json({ items: gone ? [] : [favourite('A')], nextCursor: null })),
      http.delete(`${API}/wishlist/:id`, () => {
        gone = true;
        return HttpResponse.json(
          { error: { code: 'wishlist_not_found', message: 'wish list not found' } },
          { status: 404 },
        );
      }),
    );
    const { user } = await openFavourites('/fr/user/favourites');
    expect(await screen.findByRole('heading', { level: 1, name: 'Favoris' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Retirer « Dachziegel Biberschwanz » des favoris' }));
    expect(await screen.findByText('Retirée des favoris')).toBeInTheDocument();
    expect(await screen.findByText('Vous n’avez encore enregistré aucune annonce.')).toBeInTheDocument();
    expect(screen.queryByText('Cette annonce ne figure pas dans vos favoris.')).not.toBeInTheDocument();
  });

  it('says when nothing is saved yet and links to the ads', async () => {
    mockWishlist([]);
    await openFavourites('/en/user/favourites');
    expect(await screen.findByText('You have not saved any ads yet.')).toBeInTheDocument();
    expect(
      screen.getByText('The ads you saved, most recently saved first. You can keep up to 300 ads.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the ads' })).toHaveAttribute('href', '/en/products');
    expect(screen.queryByRole('navigation', { name: 'Favourites pages' })).not.toBeInTheDocument();
  });

  it('pages through the saved ads with previous and next', async () => {
    const calls = mockWishlist(
      [
        favourite('A', { card: savedCard({ id: 'A', title: 'Erstes' }) }),
        favourite('B', { card: savedCard({ id: 'B', title: 'Zweites' }) }),
        favourite('C', { card: savedCard({ id: 'C', title: 'Drittes' }) }),
      ],
      { pageSize: 2 },
    );
    const { user } = await openFavourites('/en/user/favourites');
    expect(await screen.findByRole('heading', { level: 2, name: 'Erstes' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Favourites pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Drittes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Erstes' })).not.toBeInTheDocument();
    expect(within(pager).getByText('You are on page 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls).toContain('GET 2');

    // Removing the last ad of page 2 goes back to page 1.
    await user.click(screen.getByRole('button', { name: 'Remove “Drittes” from favourites' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Erstes' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'Favourites pages' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Favourites' })).toHaveFocus();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/wishlist`, () =>
        fail
          ? HttpResponse.json({ error: { code: 'internal_error', message: 'internal error' } }, { status: 500 })
          : HttpResponse.json({ items: [favourite('A')], nextCursor: null }),
      ),
    );
    const { user } = await openFavourites('/en/user/favourites');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dachziegel Biberschwanz' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is a section of the dashboard menu (French)', async () => {
    mockWishlist([]);
    const { user, probe } = await openFavourites('/fr/user/information');
    const nav = await screen.findByRole('navigation', { name: 'Mon compte' });
    await user.click(within(nav).getByRole('link', { name: 'Favoris' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Favoris' })).toBeInTheDocument();
    expect(probe.location.pathname).toBe('/fr/user/favourites');
    expect(
      within(screen.getByRole('navigation', { name: 'Mon compte' })).getByRole('link', { name: 'Favoris' }),
    ).toHaveAttribute('aria-current', 'page');
    await waitFor(() => {
      expect(document.title).toBe('Favoris – Remat');
    });
  });
});
