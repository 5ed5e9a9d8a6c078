import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/billing';
import { API, signedInState, signIn } from '@/testing/handlers';
import { CATEGORIES, myAd, sellerSubscription } from '@/testing/myAds';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** Intl's narrow and plain no-break spaces as ordinary spaces, so texts compare easily. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function referenceHandlers(
  subscriptions: Record<string, unknown> = { current: sellerSubscription(), history: [sellerSubscription()] },
) {
  return [
    http.get(`${API}/categories`, () => HttpResponse.json({ items: CATEGORIES })),
    http.get(`${API}/subscriptions/me`, () => HttpResponse.json(subscriptions)),
  ];
}

async function openAt(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

describe('user/products (My ads)', () => {
  it('lists the ads with localized category, Swiss price, discount, status and clicks', async () => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () =>
        HttpResponse.json({
          items: [
            myAd({ favourites: 1205 }),
            myAd({
              id: 'ad2',
              title: 'Perceuse Hilti',
              categorySlug: 'machines',
              priceRp: 20000,
              discountPct: 25,
              effectivePriceRp: 15000,
              status: 'inactive',
              clicks: 7,
            }),
            myAd({ id: 'ad3', title: 'Briques', priceRp: 0, effectivePriceRp: 0, status: 'draft', clicks: 0 }),
            myAd({ id: 'ad4', title: 'Tuiles', status: 'expired' }),
          ],
        }),
      ),
    );
    await openAt('/de/user/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Inserate' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Meine Inserate – Remat');
    });

    const table = await screen.findByRole('table', { name: /Meine Inserate mit Kategorie/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Bezeichnung', 'Preis', 'Inseratstatus', 'Klicks aufs Inserat', 'Gemerkt', 'Aktionen']);
    const [first, second, third, fourth] = within(table).getAllByRole('row').slice(1);
    if (!first || !second || !third || !fourth) throw new Error('four rows expected');

    expect(within(first).getByRole('rowheader')).toHaveTextContent('Parquet chêne 40 m²');
    expect(within(first).getByText('Platten und Bodenbeläge')).toBeInTheDocument();
    expect(plain(within(first).getByText(/1’250\.00/).textContent)).toBe('CHF 1’250.00');
    expect(within(first).getByText('Aktiv')).toBeInTheDocument();
    expect(within(first).getByText('bis 30.01.2027')).toBeInTheDocument();
    expect(within(first).getByText('1’234')).toBeInTheDocument();
    // How many people saved the ad.
    expect(first.querySelector('td[data-label="Gemerkt"]')).toHaveTextContent(/^1’205$/);
    expect(second.querySelector('td[data-label="Gemerkt"]')).toHaveTextContent(/^0$/);
    expect(within(first).getByRole('link', { name: '«Parquet chêne 40 m²» bearbeiten' })).toHaveAttribute(
      'href',
      '/de/user/products/edit-product/ad1',
    );
    // The other actions wait in the row's menu.
    expect(within(first).queryByRole('button', { name: '«Parquet chêne 40 m²» deaktivieren' })).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Weitere Aktionen für «Parquet chêne 40 m²»' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );

    // A discount shows the price to pay and the original price struck through.
    expect(within(second).getByText('Maschinen und Geräte')).toBeInTheDocument();
    expect(plain(within(second).getByText('CHF 150.00').textContent)).toBe('CHF 150.00');
    expect(plain(second.querySelector('s')?.textContent ?? null)).toBe('Ursprünglicher Preis: CHF 200.00');
    expect(plain(second.querySelector('.ads-price__discount')?.textContent ?? null)).toMatch(/^Rabatt: [-−]25 ?%$/);
    // Not active: the date shown is the last change.
    expect(within(second).getByText('geändert am 02.11.2026')).toBeInTheDocument();

    // A draft is finished in the editor (no status toggle); a give-away reads "Gratis".
    expect(within(third).getByText('Gratis')).toBeInTheDocument();
    expect(within(third).getByText('Entwurf')).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: '«Briques» bearbeiten' })).toHaveTextContent('Fertigstellen');

    // An expired ad is published again from its photos step.
    expect(within(fourth).getByText('Abgelaufen')).toBeInTheDocument();
    expect(within(fourth).getByRole('link', { name: '«Tuiles» erneut veröffentlichen' })).toHaveAttribute(
      'href',
      '/de/user/products/edit-product/ad4?step=photos',
    );
    expect(screen.queryByRole('navigation', { name: 'Seiten meiner Inserate' })).not.toBeInTheDocument();
  });

  it.each([
    {
      status: 'active',
      items: [
        'Edit “Parquet chêne 40 m²”',
        'View “Parquet chêne 40 m²”',
        'Deactivate “Parquet chêne 40 m²”',
        'Delete “Parquet chêne 40 m²”',
      ],
    },
    {
      status: 'inactive',
      items: ['Edit “Parquet chêne 40 m²”', 'Activate “Parquet chêne 40 m²”', 'Delete “Parquet chêne 40 m²”'],
    },
    { status: 'draft', items: ['Edit “Parquet chêne 40 m²”', 'Delete “Parquet chêne 40 m²”'] },
    {
      status: 'expired',
      items: ['Publish “Parquet chêne 40 m²” again', 'Edit “Parquet chêne 40 m²”', 'Delete “Parquet chêne 40 m²”'],
    },
  ] as const)('offers every action of a $status ad in its menu', async ({ status, items }) => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [myAd({ status })] })),
    );
    const { user } = await openAt('/en/user/products');
    const more = await screen.findByRole('button', { name: 'More actions for “Parquet chêne 40 m²”' });
    await user.click(more);
    const menu = screen.getByRole('menu', { name: 'More actions for “Parquet chêne 40 m²”' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(items);
    expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
    if (status === 'active') {
      expect(within(menu).getByRole('menuitem', { name: 'View “Parquet chêne 40 m²”' })).toHaveAttribute(
        'href',
        '/en/product/ad1',
      );
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });

  it('asks before changing the status, then says "Status updated" (en)', async () => {
    let status = 'active';
    let patched: unknown = null;
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [myAd({ status })] })),
      http.patch(`${API}/products/ad1/status`, async ({ request }) => {
        patched = await request.json();
        status = 'inactive';
        return HttpResponse.json({ id: 'ad1', status });
      }),
    );
    const { user } = await openAt('/en/user/products');
    await user.click(await screen.findByRole('button', { name: 'More actions for “Parquet chêne 40 m²”' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deactivate “Parquet chêne 40 m²”' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Change the status' });
    expect(dialog).toHaveAccessibleDescription('Do you want to change the status of this product?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(patched).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, deactivate' }));
    await waitFor(() => {
      expect(patched).toEqual({ status: 'inactive' });
    });
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await within(screen.getByRole('table')).findByText('Inactive')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for “Parquet chêne 40 m²”' }));
    expect(screen.getByRole('menuitem', { name: 'Activate “Parquet chêne 40 m²”' })).toBeInTheDocument();
  });

  it('cancels with Escape and gives the focus back to the menu button', async () => {
    let calls = 0;
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [myAd()] })),
      http.patch(`${API}/products/ad1/status`, () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const { user } = await openAt('/fr/user/products');
    const more = await screen.findByRole('button', { name: 'Plus d’actions pour « Parquet chêne 40 m² »' });
    // By keyboard: the menu opens on ArrowDown, the arrows move, Enter chooses.
    more.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Modifier « Parquet chêne 40 m² »' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Désactiver « Parquet chêne 40 m² »' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Changer le statut' });
    expect(dialog).toHaveAccessibleDescription('Voulez-vous changer le statut de ce produit ?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    expect(calls).toBe(0);
  });

  it('translates a refused status change', async () => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [myAd({ status: 'inactive' })] })),
      http.patch(`${API}/products/ad1/status`, () => apiError(409, 'product_expired')),
    );
    const { user } = await openAt('/fr/user/products');
    await user.click(await screen.findByRole('button', { name: 'Plus d’actions pour « Parquet chêne 40 m² »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Activer « Parquet chêne 40 m² »' }));
    await user.click(screen.getByRole('button', { name: 'Oui, activer' }));
    expect(await screen.findByText('Cette annonce a expiré ; publiez-la à nouveau.')).toBeInTheDocument();
  });

  it('deletes an ad after confirmation', async () => {
    let items = [myAd(), myAd({ id: 'ad2', title: 'Perceuse Hilti' })];
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items })),
      http.delete(`${API}/products/ad2`, () => {
        items = items.filter((ad) => ad.id !== 'ad2');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openAt('/it/user/products');
    await user.click(await screen.findByRole('button', { name: 'Altre azioni per «Perceuse Hilti»' }));
    await user.click(screen.getByRole('menuitem', { name: 'Elimina «Perceuse Hilti»' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Elimina l’annuncio' });
    expect(dialog).toHaveAccessibleDescription(
      'Vuoi eliminare «Perceuse Hilti» e le sue foto? L’operazione è definitiva.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sì, elimina' }));
    expect(await screen.findByText('Annuncio eliminato.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('Perceuse Hilti')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Parquet chêne 40 m²')).toBeInTheDocument();
  });

  it('pages with the cursor forward and back', async () => {
    const seen: (string | null)[] = [];
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        seen.push(cursor);
        return cursor === 'c2'
          ? HttpResponse.json({ items: [myAd({ id: 'ad21', title: 'Second page ad' })] })
          : HttpResponse.json({ items: [myAd()], nextCursor: 'c2' });
      }),
    );
    const { user } = await openAt('/en/user/products');
    const pager = await screen.findByRole('navigation', { name: 'Pages of my ads' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager).getByText('You are on page 1')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Second page ad')).toBeInTheDocument();
    expect(within(pager).getByText('You are on page 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Parquet chêne 40 m²')).toBeInTheDocument();
    expect(seen).toEqual([null, 'c2']);
  });

  it('filters by status', async () => {
    const seen: (string | null)[] = [];
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        seen.push(status);
        return HttpResponse.json({ items: status === 'draft' ? [] : [myAd()] });
      }),
    );
    const { user } = await openAt('/fr/user/products');
    await screen.findByText('Parquet chêne 40 m²');
    await user.selectOptions(screen.getByLabelText('Afficher'), 'Brouillon');
    expect(await screen.findByText('Aucune annonce avec ce statut.')).toBeInTheDocument();
    expect(seen).toEqual([null, 'draft']);
  });

  it('shows the empty state with a link to add an ad', async () => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [] })),
    );
    await openAt('/fr/user/products');
    expect(await screen.findByText('Vous n’avez encore aucune annonce.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajouter votre première annonce' })).toHaveAttribute(
      'href',
      '/fr/user/products/add-product',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Il vous faut un abonnement valide pour publier des annonces.')).not.toBeInTheDocument();
  });

  it('invites a seller without a valid subscription to choose a plan', async () => {
    server.use(
      ...referenceHandlers({
        current: null,
        history: [sellerSubscription({ state: 'expired', expiresAt: '2026-02-01T10:00:00Z' })],
      }),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [] })),
    );
    await openAt('/fr/user/products');
    expect(
      await screen.findByRole('heading', { name: 'Il vous faut un abonnement valide pour publier des annonces.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir une offre' })).toHaveAttribute(
      'href',
      '/fr/vendre?choosePlan=true',
    );
  });

  it('explains a bundle plan and a used-up subscription', async () => {
    server.use(
      ...referenceHandlers({
        current: sellerSubscription({ bundle: true, remainingAds: 0, adAllowance: 0 }),
        history: [],
      }),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [] })),
    );
    await openAt('/en/user/products');
    expect(await screen.findByRole('heading', { name: 'Your bundle plan does not include ads.' })).toBeInTheDocument();
  });

  it('shows a failed load', async () => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => apiError(500, 'internal_error')),
    );
    await openAt('/en/user/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error.');
  });

  it('is in the dashboard menu', async () => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [] })),
    );
    await openAt('/en/user/products');
    expect(await screen.findByRole('link', { name: 'My ads' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends signed-out visitors to the login', async () => {
    const { probe } = await renderApp('/en/user/products/add-product');
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/login');
    });
  });
});
