import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { card } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** Answers `GET /products` with one card and records every query string. */
function products() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/products`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: [card()], total: { count: 1, exact: true } });
    }),
  );
  return queries;
}

/** The sort select's option texts. */
function sortOptions(name = 'Sort by'): string[] {
  return within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('products: sort by distance', () => {
  it.each([
    ['en', 'Sort by', 'Distance, nearest first'],
    ['fr', 'Trier par', 'Distance, les plus proches d’abord'],
    ['de', 'Sortieren nach', 'Entfernung, nächste zuerst'],
    ['it', 'Ordina per', 'Distanza, i più vicini prima'],
    ['sq', 'Rendit sipas', 'Distanca, më të afërtit së pari'],
  ])('%s: offers "%s: %s" only around a place', async (lang, label, option) => {
    products();
    const { unmount } = await renderApp(`/${lang}/products?q=ziegel`);
    await screen.findByRole('combobox', { name: label });
    expect(sortOptions(label)).toHaveLength(3);
    expect(sortOptions(label)).not.toContain(option);
    unmount();

    await renderApp(`/${lang}/products?q=ziegel&location=8001&radius=10`);
    await screen.findByRole('combobox', { name: label });
    expect(sortOptions(label)).toHaveLength(4);
    expect(sortOptions(label).at(-1)).toBe(option);
  });

  it('sorts nearest first through the URL once a place is chosen', async () => {
    const queries = products();
    const { user, probe } = await renderApp('/en/products?category=tools&location=8001&radius=10');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Distance, nearest first');
    expect(probe.location.search).toBe('?category=tools&location=8001&radius=10&sort=distance');
    await waitFor(() => {
      expect(queries.at(-1)?.toString()).toBe('category=tools&location=8001&radius=10&sort=distance&limit=24');
    });
  });

  it('falls back to newest first when the place is cleared in the form', async () => {
    const queries = products();
    const { user, probe } = await renderApp('/en/products?q=drill&location=8001&radius=10&sort=distance');
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
    const filters = screen.getByRole('search', { name: 'Filters' });
    await user.clear(within(filters).getByRole('combobox', { name: 'City or postal code' }));
    await user.tab();
    expect(probe.location.search).toBe('?q=drill');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(sortOptions()).not.toContain('Distance, nearest first');
    await waitFor(() => {
      expect(queries.at(-1)?.toString()).toBe('q=drill&limit=24');
    });
  });

  it('falls back to newest first when the place chip is removed', async () => {
    products();
    const { user, probe } = await renderApp('/en/products?q=drill&location=8001&radius=10&sort=distance');
    await user.click(await screen.findByRole('button', { name: /^Remove filter: Near/ }));
    expect(probe.location.search).toBe('?q=drill');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  it('asks for newest first when a link sorts by distance without a place', async () => {
    const queries = products();
    await renderApp('/en/products?q=drill&sort=distance');
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    await waitFor(() => {
      expect(queries.at(-1)?.toString()).toBe('q=drill&limit=24');
    });
  });
});
