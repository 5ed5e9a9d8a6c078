import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { categoryTiles, TILE_COUNT } from '@/features/catalogue/HomeListings';
import { placeCriteria } from '@/features/catalogue/QuickSearch';
import { addRecentlyViewed } from '@/lib/recentlyViewed';
import { card, CATEGORIES, LOCALITIES } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('home search', () => {
  it('asks what and where on the first screen, with a link to every filter', async () => {
    await renderApp('/fr/');
    const search = await screen.findByRole('search', { name: 'Rechercher dans les annonces' });
    const what = within(search).getByRole('combobox', { name: 'Que recherchez-vous\u00a0?' });
    expect(what).toBeEnabled();
    const where = within(search).getByRole('combobox', { name: 'Localité ou code postal' });
    const radius = within(search).getByRole('combobox', { name: 'Rayon' });
    // Nothing is disabled: a place is optional and the radius applies once one is given.
    expect(where).toBeEnabled();
    expect(radius).toBeEnabled();
    expect(within(search).getByRole('link', { name: 'Plus de filtres' })).toHaveAttribute('href', '/fr/products');
    expect(within(search).getByRole('button', { name: 'Rechercher' })).toBeInTheDocument();
    // The header carries no second search on the home page.
    expect(within(screen.getByRole('banner')).queryByRole('search')).not.toBeInTheDocument();
  });

  it('opens the list with the words, the place chosen from suggestions and the radius', async () => {
    server.use(http.get(`${API}/localities`, () => HttpResponse.json({ items: LOCALITIES })));
    const { user, probe } = await renderApp('/en/');
    const search = await screen.findByRole('search', { name: 'Search the ads' });
    await user.type(within(search).getByRole('combobox', { name: 'City or postal code' }), '800');
    await user.click(await screen.findByRole('option', { name: '8001 Zürich (ZH)' }));
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Radius' }), '50');
    await user.type(within(search).getByRole('combobox', { name: 'What are you looking for?' }), 'Ziegel');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(`${probe.location.pathname}${probe.location.search}`).toBe('/en/products?q=Ziegel&location=8001&radius=50');
    expect(probe.navigationType).toBe('PUSH');
  });

  it.each([
    ['', 25, {}],
    ['  ', 50, {}],
    ['1003', 25, { location: '1003', radiusKm: 25 }],
    ['8001 Zürich', 10, { location: '8001', radiusKm: 10 }],
    ['Lausanne', 100, { location: 'Lausanne', radiusKm: 100 }],
  ])('place %j within %i km searches %j', (location, radius, want) => {
    expect(placeCriteria(location, radius)).toEqual(want);
  });
});

describe('category tiles', () => {
  it('shows the top-level categories, then the busiest sub-categories, with live counts', async () => {
    server.use(
      http.get(`${API}/categories`, () =>
        HttpResponse.json({
          items: CATEGORIES,
          counts: { 'building-materials': 1234, timber: 7, roofing: 0, tools: 1, 'power-tools': 1, machines: 0 },
        }),
      ),
    );
    await renderApp('/fr/');
    const tiles = await screen.findByRole('region', { name: 'Parcourir par catégorie' });
    await waitFor(() => {
      expect(within(tiles).getAllByRole('listitem')).toHaveLength(4);
    });
    expect(
      within(tiles)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Matériaux de construction 1’234 annonces',
      'Outils 1 annonce',
      'Bois 7 annonces',
      'Outils électriques 1 annonce',
    ]);
    expect(within(tiles).getByRole('link', { name: /^Bois/ })).toHaveAttribute('href', '/fr/products?category=timber');
    expect(within(tiles).getByRole('link', { name: 'Toutes les catégories' })).toHaveAttribute('href', '/fr/products');
  });

  it('keeps at most eight tiles', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      slug: `sub-${String(i)}`,
      parent: 'tools',
      sortOrder: i,
      names: { fr: `Sous ${String(i)}` },
    }));
    const counts = Object.fromEntries(many.map((c, i) => [c.slug, i + 1]));
    const tiles = categoryTiles([{ slug: 'tools', sortOrder: 0, names: { fr: 'Outils' } }, ...many], counts, 'fr');
    expect(tiles).toHaveLength(TILE_COUNT);
    expect(tiles.map((t) => t.slug).slice(0, 3)).toEqual(['tools', 'sub-11', 'sub-10']);
  });
});

describe('home lists', () => {
  it('shows the newest ads under "recent materials"', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/products`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ items: [card({ id: 'N1', title: 'Neueste Platten' })] });
      }),
    );
    await renderApp('/de/');
    const recent = await screen.findByRole('region', { name: 'Neueste Materialien' });
    expect(await within(recent).findByRole('link', { name: 'Neueste Platten' })).toHaveAttribute(
      'href',
      '/de/product/N1',
    );
    expect(within(recent).getByRole('link', { name: 'Alle Inserate ansehen' })).toHaveAttribute('href', '/de/products');
    expect(asked).toEqual(['?limit=8']);
  });

  it('hides "recently viewed" when this browser has viewed nothing', async () => {
    await renderApp('/en/');
    await screen.findByRole('region', { name: 'Recent materials' });
    expect(screen.queryByRole('region', { name: 'Recently viewed materials' })).not.toBeInTheDocument();
  });

  it('lists the recently viewed ads in viewing order and forgets those no longer online', async () => {
    addRecentlyViewed('OLD1');
    addRecentlyViewed('GONE');
    addRecentlyViewed('NEW1');
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API}/products/batch`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('ids'));
        return HttpResponse.json({
          items: [card({ id: 'NEW1', title: 'Zuletzt gesehen' }), card({ id: 'OLD1', title: 'Früher gesehen' })],
        });
      }),
    );
    await renderApp('/en/');
    const viewed = await screen.findByRole('region', { name: 'Recently viewed materials' });
    expect(
      within(viewed)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Zuletzt gesehen', 'Früher gesehen']);
    expect(asked).toEqual(['NEW1,GONE,OLD1']);
    await waitFor(() => {
      expect(window.localStorage.getItem('remat.recentlyViewed')).toBe(JSON.stringify(['NEW1', 'OLD1']));
    });
  });
});
