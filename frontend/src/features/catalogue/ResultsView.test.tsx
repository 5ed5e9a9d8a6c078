import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readView, withView } from '@/features/catalogue/ResultsView';
import { card } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { sizeMapBoxes } from '@/testing/mapBox';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

sizeMapBoxes();

describe('the list or map view in the URL', () => {
  it.each([
    ['', 'list'],
    ['?view=map', 'map'],
    ['?category=tools&view=map&cursor=c2', 'map'],
    ['?view=list', 'list'],
    ['?view=satellite', 'list'],
  ] as const)('readView(%j) is %s', (search, want) => {
    expect(readView(search)).toBe(want);
  });

  it.each([
    ['/fr/products', 'map', '/fr/products?view=map'],
    ['/fr/products?category=tools&cursor=c2', 'map', '/fr/products?category=tools&cursor=c2&view=map'],
    ['/fr/products?view=map', 'map', '/fr/products?view=map'],
    ['/fr/products?category=tools&view=map', 'list', '/fr/products?category=tools'],
    ['/fr/products?view=map', 'list', '/fr/products'],
  ] as const)('withView(%j, %s) is %j', (href, view, want) => {
    expect(withView(href, view)).toBe(want);
  });
});

/** Answers `GET /products` with `pages[cursor ?? '']`. */
function productPages(pages: Record<string, unknown>) {
  server.use(
    http.get(`${API}/products`, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      return HttpResponse.json(pages[cursor] ?? { items: [] });
    }),
  );
}

const zurich = card();
const lausanne = card({
  id: '01JCARD0000000000000000002',
  title: 'Gipskartonplatten',
  priceRp: 0,
  effectivePriceRp: 0,
  postalCode: '1003',
  locality: 'Lausanne',
  canton: 'VD',
  lat: 46.52,
  lon: 6.63,
});

describe('products: results on a map', () => {
  it('switches between list and map, the view in the URL, the pages of a map are maps', async () => {
    productPages({ '': { items: [zurich, lausanne], nextCursor: 'c2' }, c2: { items: [zurich] } });
    const { user, probe } = await renderApp('/fr/products?category=roofing');
    await screen.findByRole('link', { name: 'Dachziegel Biberschwanz' });
    const toggle = screen.getByRole('group', { name: 'Afficher les résultats en' });
    expect(within(toggle).getByRole('link', { name: 'Liste' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(toggle).getByRole('link', { name: 'Carte' }));
    expect(probe.location.search).toBe('?category=roofing&view=map');
    const map = await screen.findByRole('region', { name: 'Résultats sur une carte' });
    expect(within(toggle).getByRole('link', { name: 'Carte' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('link', { name: 'Dachziegel Biberschwanz' })).toBeNull();
    const free = await within(map).findByRole('button', { name: 'Gipskartonplatten, Gratuit, 1003 Lausanne (VD)' });
    expect(free).toHaveTextContent('Gratuit');
    expect(within(map).getByRole('button', { name: /^Dachziegel Biberschwanz, CHF\s1’250\.00, 8001 Zürich/ })).toBeVisible();

    // The pages of a map are maps too.
    await user.click(screen.getByRole('link', { name: 'Page 2 des résultats' }));
    await waitFor(() => {
      expect(probe.location.search).toBe('?category=roofing&cursor=c2&view=map');
    });
    await screen.findByRole('region', { name: 'Résultats sur une carte' });

    await user.click(within(toggle).getByRole('link', { name: 'Liste' }));
    expect(probe.location.search).toBe('?category=roofing&cursor=c2');
    expect(await screen.findByRole('link', { name: 'Dachziegel Biberschwanz' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Résultats sur une carte' })).toBeNull();
  });

  it('opens an ad from its marker', async () => {
    productPages({ '': { items: [zurich] } });
    server.use(http.get(`${API}/products/:id`, () => HttpResponse.json({ message: 'not here' }, { status: 404 })));
    const { user, probe } = await renderApp('/en/products?view=map');
    const marker = await screen.findByRole('button', { name: /^Dachziegel Biberschwanz, CHF/ });
    await user.click(marker);
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/product/01JCARD0000000000000000001');
    });
  });

  it('keeps the map when a filter changes', async () => {
    productPages({ '': { items: [zurich] } });
    const { user, probe } = await renderApp('/en/products?view=map');
    await screen.findByRole('region', { name: 'Results on a map' });
    const filters = screen.getByRole('search', { name: 'Filters' });
    await user.click(within(filters).getByRole('radio', { name: 'Used' }));
    await waitFor(() => {
      expect(probe.location.search).toBe('?condition=used&view=map');
    });
  });

  it('says so when no ad on the page has a position', async () => {
    productPages({ '': { items: [card({ lat: 0, lon: 0 })] } });
    await renderApp('/de/products?view=map');
    expect(await screen.findByText('Keines dieser Inserate hat einen Standort, der sich auf der Karte zeigen lässt.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ergebnisse auf einer Karte' })).toBeNull();
  });
});
