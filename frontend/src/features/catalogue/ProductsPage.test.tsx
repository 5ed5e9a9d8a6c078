import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { card } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { encodeSearchToken } from '@/lib/searchToken';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The card (article) around an ad's title link. */
function cardOf(link: HTMLElement): HTMLElement {
  const article = link.closest('article');
  if (!article) throw new Error('the link is not inside a card');
  return article;
}

/** Answers `GET /products` with `pages[cursor ?? '']` and records every query string. */
function productPages(pages: Record<string, unknown>) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/products`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(pages[params.get('cursor') ?? ''] ?? { items: [] });
    }),
  );
  return queries;
}

describe('products: the list', () => {
  it('fills the filters from the URL, asks the API for the same search and keeps the URL when applied unchanged', async () => {
    const queries = productPages({ '': { items: [card()] } });
    const route =
      '/fr/products?q=ziegel&category=roofing&brand=Hilti&condition=used&maxPrice=1500&location=8001&radius=10&canton=ZH&sort=price_desc';
    const { user, probe } = await renderApp(route);

    expect(await screen.findByRole('heading', { level: 1, name: 'Matériaux, outils et machines' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Filtres' });
    expect(within(filters).getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('ziegel');
    await waitFor(() => {
      expect(within(filters).getByRole('combobox', { name: 'Catégorie' })).toHaveValue('roofing');
    });
    expect(within(filters).getByRole('combobox', { name: 'Catégorie' })).toHaveDisplayValue(/Toiture/);
    expect(within(filters).getByRole('combobox', { name: 'Marque' })).toHaveValue('Hilti');
    expect(within(filters).getByRole('radio', { name: "D'occasion" })).toBeChecked();
    expect(within(filters).getByRole('spinbutton', { name: "Prix jusqu'à (CHF)" })).toHaveValue(1500);
    expect(within(filters).getByRole('combobox', { name: 'Localité ou code postal' })).toHaveValue('8001');
    expect(within(filters).getByRole('combobox', { name: 'Rayon' })).toHaveValue('10');
    expect(within(filters).getByRole('combobox', { name: 'Dans le canton' })).toHaveValue('ZH');
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue('price_desc');

    await screen.findByRole('link', { name: 'Dachziegel Biberschwanz' });
    expect(queries[0]?.toString()).toBe(
      'q=ziegel&category=roofing&brand=Hilti&condition=used&maxPrice=1500&location=8001&radius=10&canton=ZH&sort=price_desc&limit=24',
    );

    await user.click(within(filters).getByRole('button', { name: 'Afficher les résultats' }));
    expect(`${probe.location.pathname}${probe.location.search}`).toBe(route);
  });

  it('writes changed filters to the URL (a new history entry) and drops the page cursor', async () => {
    productPages({ c2: { items: [card()] } });
    const { user, probe } = await renderApp('/en/products?category=tools&cursor=c2');
    const filters = await screen.findByRole('search', { name: 'Filters' });
    await waitFor(() => {
      expect(within(filters).getByRole('combobox', { name: 'Category' })).toHaveValue('tools');
    });
    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'drill');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Category' }), 'power-tools');
    await user.click(within(filters).getByRole('radio', { name: 'New' }));
    await user.type(within(filters).getByRole('spinbutton', { name: 'Price up to (CHF)' }), '300');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Canton' }), 'Vaud');
    await user.click(within(filters).getByRole('button', { name: 'Show results' }));
    expect(`${probe.location.pathname}${probe.location.search}`).toBe(
      '/en/products?q=drill&category=power-tools&condition=new&maxPrice=300&canton=VD',
    );
    expect(probe.navigationType).toBe('PUSH');
  });

  it('shows the category tree with localized names, children under their parent', async () => {
    await renderApp('/de/products');
    const select = await screen.findByRole('combobox', { name: 'Kategorie' });
    await waitFor(() => {
      expect(within(select).getAllByRole('option')).toHaveLength(6);
    });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => plain(o.textContent).trim()),
    ).toEqual(['Alle Kategorien', 'Baumaterialien', 'Holz', 'Bedachung', 'Werkzeuge', 'Elektrowerkzeuge']);
  });

  it('sorts by price through the URL', async () => {
    const queries = productPages({});
    const { user, probe } = await renderApp('/en/products?category=tools');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Price, lowest first');
    expect(`${probe.location.pathname}${probe.location.search}`).toBe('/en/products?category=tools&sort=price_asc');
    await waitFor(() => {
      expect(queries.at(-1)?.get('sort')).toBe('price_asc');
    });
  });

  it('pages forward and back with cursors, the page in the URL', async () => {
    const queries = productPages({
      '': { items: [card({ id: 'A1', title: 'Page one ad' })], nextCursor: 'c2' },
      c2: { items: [card({ id: 'B2', title: 'Page two ad' })], nextCursor: 'c3' },
      c3: { items: [card({ id: 'C3', title: 'Page three ad' })] },
    });
    const { user, probe } = await renderApp('/en/products?q=tiles');
    await screen.findByRole('link', { name: 'Page one ad' });
    const pager = () => screen.getByRole('navigation', { name: 'Pages of results' });
    expect(within(pager()).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(within(pager()).getByRole('link', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Page two ad' });
    expect(probe.location.search).toBe('?q=tiles&cursor=c2');
    expect(screen.getByRole('heading', { level: 2, name: 'Results, page 2' })).toHaveFocus();
    expect(within(pager()).getByText('Page 2')).toBeInTheDocument();

    await user.click(within(pager()).getByRole('link', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Page three ad' });
    expect(probe.location.search).toBe('?q=tiles&cursor=c3');
    expect(within(pager()).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(within(pager()).getByRole('link', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'Page two ad' });
    expect(probe.location.search).toBe('?q=tiles&cursor=c2');

    await user.click(within(pager()).getByRole('link', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'Page one ad' });
    expect(probe.location.search).toBe('?q=tiles');
    expect(probe.history).toEqual([
      '/en/products?q=tiles',
      '/en/products?q=tiles&cursor=c2',
      '/en/products?q=tiles&cursor=c3',
      '/en/products?q=tiles&cursor=c2',
      '/en/products?q=tiles',
    ]);
    expect(queries.map((q) => q.get('cursor'))).toEqual([null, 'c2', 'c3']); // pages come from the cache
  });

  it('goes back to the first page from a shared link to a later page', async () => {
    productPages({ c7: { items: [card({ title: 'Later ad' })] } });
    const { user, probe } = await renderApp('/en/products?cursor=c7');
    await screen.findByRole('link', { name: 'Later ad' });
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(probe.location.search).toBe('');
  });

  it('shows cards the Swiss way: price, discount with the original struck through, free, place and distance', async () => {
    productPages({
      '': {
        items: [
          card({
            id: 'A1',
            title: 'Bauholz',
            priceRp: 125000,
            discountPct: 20,
            effectivePriceRp: 100000,
            distanceKm: 3.24,
          }),
          card({ id: 'B2', title: 'Backsteine', priceRp: 0, discountPct: 0, effectivePriceRp: 0, distanceKm: 12.6 }),
        ],
        place: { postalCode: '8001', name: 'Zürich', canton: 'ZH', lat: 47.37, lon: 8.54 },
      },
    });
    await renderApp('/de/products?location=8001&radius=25');
    const first = cardOf(await screen.findByRole('link', { name: 'Bauholz' }));
    const card1 = within(first);
    expect(plain(card1.getByText(/CHF 1’000.00/).textContent)).toBe('Aktueller Preis: CHF 1’000.00');
    expect(plain(first.querySelector('del')?.textContent)).toBe('Ursprünglicher Preis: CHF 1’250.00');
    expect(card1.getByText('20 % Rabatt')).toBeInTheDocument();
    expect(plain(card1.getByText(/8001 Zürich/).textContent)).toContain('Ort: 8001 Zürich (ZH)');
    expect(plain(card1.getByText(/entfernt/).textContent)).toBe('3.2 km entfernt');

    const second = cardOf(screen.getByRole('link', { name: 'Backsteine' }));
    expect(within(second).getByText('Gratis')).toBeInTheDocument();
    expect(plain(within(second).getByText(/entfernt/).textContent)).toBe('13 km entfernt');

    expect(plain(screen.getByText(/Im Umkreis/).textContent)).toBe('Im Umkreis von 25 km um 8001 Zürich (ZH)');
    expect(screen.getByRole('link', { name: 'Bauholz' })).toHaveAttribute('href', '/de/product/A1');
  });

  it('formats prices the one Swiss way in French too', async () => {
    productPages({ '': { items: [card({ priceRp: 125050 })] } });
    await renderApp('/fr/products');
    const article = cardOf(await screen.findByRole('link', { name: 'Dachziegel Biberschwanz' }));
    expect(plain(within(article).getByText(/CHF/).textContent)).toBe('CHF 1’250.50');
  });

  it('shows placeholders while loading, then an empty state with a way out', async () => {
    server.use(
      http.get(`${API}/products`, async () => {
        await delay(80);
        return HttpResponse.json({ items: [] });
      }),
    );
    await renderApp('/en/products?brand=Nope');
    expect(await screen.findByText('Loading the ads…')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('No ads match your search.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all ads' })).toHaveAttribute('href', '/en/products');
    expect(screen.queryByRole('navigation', { name: 'Pages of results' })).not.toBeInTheDocument();
  });

  it('explains an unknown place on the location field', async () => {
    server.use(
      http.get(`${API}/products`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'validation failed',
              fields: { location: 'unknown_locality' },
            },
          },
          { status: 422 },
        ),
      ),
    );
    await renderApp('/fr/products?location=Atlantis&radius=25');
    const field = await screen.findByRole('combobox', { name: 'Localité ou code postal' });
    await waitFor(() => {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    });
    expect(field).toHaveAccessibleDescription(/Nous ne connaissons pas ce lieu/);
    expect(screen.getByRole('alert')).toHaveTextContent(/Nous ne connaissons pas ce lieu/);
  });

  it('translates other errors by their code', async () => {
    server.use(
      http.get(`${API}/products`, () =>
        HttpResponse.json({ error: { code: 'invalid_cursor', message: 'invalid cursor' } }, { status: 400 }),
      ),
    );
    await renderApp('/en/products?cursor=stale');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Back to the first page' })).toHaveAttribute('href', '/en/products');
  });

  it('suggests localities while typing and keeps the chosen postal code', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/localities`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          items: [
            { postalCode: '8001', name: 'Zürich', canton: 'ZH', lat: 47.37, lon: 8.54 },
            { postalCode: '8002', name: 'Zürich', canton: 'ZH', lat: 47.36, lon: 8.53 },
          ],
        });
      }),
    );
    const { user, probe } = await renderApp('/en/products');
    const field = await screen.findByRole('combobox', { name: 'City or postal code' });
    await user.type(field, 'Zür');
    const listbox = await screen.findByRole('listbox', { name: 'City or postal code' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['8001 Zürich (ZH)', '8002 Zürich (ZH)']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('8002 Zürich');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(asked.at(-1)).toBe('Zür');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Radius' }), '10 km');
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(probe.location.search).toBe('?location=8002&radius=10');
  });
});

describe('products/{search}: the list for a token', () => {
  it('searches with the token’s criteria and pages on the token path', async () => {
    const token = encodeSearchToken({ category: 'all' });
    const queries = productPages({ '': { items: [card({ title: 'Token ad' })], nextCursor: 'n2' } });
    const { user, probe } = await renderApp(`/fr/products/${token}`);
    await screen.findByRole('link', { name: 'Token ad' });
    expect(queries[0]?.toString()).toBe('limit=24'); // "all" categories is no filter
    await user.click(screen.getByRole('link', { name: 'Suivante' }));
    expect(`${probe.location.pathname}${probe.location.search}`).toBe(`/fr/products/${token}?cursor=n2`);
  });

  it('says when a token cannot be read', async () => {
    await renderApp('/en/products/bm90IGpzb24');
    expect(await screen.findByText('This search link cannot be read.')).toBeInTheDocument();
  });
});
