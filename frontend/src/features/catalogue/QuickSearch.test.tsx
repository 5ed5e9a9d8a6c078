import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { toCriteria } from '@/features/catalogue/QuickSearch';
import { addRecentlyViewed } from '@/lib/recentlyViewed';
import { card, LOCALITIES } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('home quick search', () => {
  it('has a labelled control for every criterion, with the categories of the API', async () => {
    await renderApp('/fr/');
    await screen.findByRole('heading', { level: 1 });
    const search = screen.getByRole('search', { name: 'Recherche rapide' });
    const category = within(search).getByRole('combobox', { name: 'Catégorie' });
    expect(category).toHaveValue('');
    await waitFor(() => {
      expect(within(category).getByRole('option', { name: /Matériaux de construction/ })).toBeInTheDocument();
    });
    expect(within(category).getByRole('option', { name: /Outils électriques/ })).toBeInTheDocument();
    expect(within(search).getByRole('combobox', { name: 'Marque' })).toBeInTheDocument();
    expect(within(search).getByRole('spinbutton', { name: "Prix jusqu'à (CHF)" })).toBeInTheDocument();
    expect(within(search).getByRole('group', { name: 'État' })).toBeInTheDocument();
    expect(within(search).getByRole('radio', { name: 'Toute la Suisse' })).toBeChecked();
    expect(within(search).getByRole('combobox', { name: 'Localité ou code postal' })).toBeDisabled();
    expect(within(search).getByRole('combobox', { name: 'Rayon' })).toBeDisabled();
    expect(within(search).getByRole('link', { name: 'Recherche avancée' })).toHaveAttribute('href', '/fr/products');
  });

  it('opens the product list with the criteria as query parameters, the place chosen from suggestions', async () => {
    server.use(http.get(`${API}/localities`, () => HttpResponse.json({ items: LOCALITIES })));
    const { user, probe } = await renderApp('/en/');
    const search = await screen.findByRole('search', { name: 'Quick search' });
    const category = within(search).getByRole('combobox', { name: 'Category' });
    await waitFor(() => {
      expect(within(category).getAllByRole('option').length).toBeGreaterThan(1);
    });
    await user.selectOptions(category, 'tools');
    await user.type(within(search).getByRole('combobox', { name: 'Brand' }), 'Hilti');
    await user.click(within(search).getByRole('radio', { name: 'Used' }));
    await user.type(within(search).getByRole('spinbutton', { name: 'Price up to (CHF)' }), '250');
    await user.click(within(search).getByRole('radio', { name: 'Area' }));
    await user.type(within(search).getByRole('combobox', { name: 'City or postal code' }), '800');
    await user.click(await screen.findByRole('option', { name: '8001 Zürich (ZH)' }));
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Radius' }), '50 km');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(`${probe.location.pathname}${probe.location.search}`).toBe(
      '/en/products?category=tools&brand=Hilti&condition=used&maxPrice=250&location=8001&radius=50',
    );
    expect(probe.navigationType).toBe('PUSH');
  });

  it('leaves out "any" choices and the area when the whole country is chosen', () => {
    const values = {
      category: '',
      brand: ' ',
      condition: 'any',
      maxPrice: '',
      locationMode: 'country',
      location: '1003',
      radiusKm: 25,
    } as const;
    expect(toCriteria(values)).toEqual({});
    expect(toCriteria({ ...values, locationMode: 'area', location: 'Lausanne' })).toEqual({
      location: 'Lausanne',
      radiusKm: 25,
    });
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
