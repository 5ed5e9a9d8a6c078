import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Answers `GET /products` with `answer` and records every query string. */
function products(answer: Record<string, unknown>) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/products`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(answer);
    }),
  );
  return queries;
}

/** Makes `(max-width: …)` media queries match, as on a phone. */
function onPhone() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('products: result count', () => {
  it.each([
    ['fr', { count: 1234, exact: true }, '1’234 annonces', 'Afficher 1’234 résultats'],
    ['fr', { count: 1, exact: true }, '1 annonce', 'Afficher 1 résultat'],
    ['de', { count: 1200, exact: false }, 'rund 1’200 Inserate', 'Ergebnisse anzeigen'],
    ['sq', { count: 25_000, exact: false }, 'rreth 25’000 njoftime', 'Shfaq rezultatet'],
    ['en', { count: 0, exact: true }, '0 ads', 'Show 0 results'],
  ])('%s: %o reads "%s"', async (lang, total, text, button) => {
    products({ items: total.count === 0 ? [] : [card()], total });
    await renderApp(`/${lang}/products?q=ziegel`);
    await waitFor(() => {
      expect(plain(document.querySelector('.catalogue__count')?.textContent)).toBe(text);
    });
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });
});

describe('products: active-filter chips', () => {
  it('removes one filter per chip, a location with its radius, and clears all but the sort', async () => {
    products({ items: [card()], total: { count: 1, exact: true } });
    const { user, probe } = await renderApp(
      '/en/products?q=drill&brand=Makita&condition=used&maxPrice=250&location=8001&radius=10&canton=ZH&sort=price_asc',
    );
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => plain(b.getAttribute('aria-label'))),
    ).toEqual([
      'Remove filter: Search drill',
      'Remove filter: Brand Makita',
      'Remove filter: Condition Used',
      'Remove filter: Up to CHF 250.00',
      'Remove filter: Near 8001, within 10 km',
      'Remove filter: Canton Zurich',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove filter: Brand Makita' }));
    expect(probe.location.search).toBe(
      '?q=drill&condition=used&maxPrice=250&location=8001&radius=10&canton=ZH&sort=price_asc',
    );
    // The form follows the URL.
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: /^Remove filter: Near/ }));
    expect(probe.location.search).toBe('?q=drill&condition=used&maxPrice=250&canton=ZH&sort=price_asc');

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(probe.location.search).toBe('?sort=price_asc');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});

describe('products: filters apply as they change', () => {
  it('applies a choice at once and typed text once it settles, with no request per key', async () => {
    const queries = products({ items: [card()], total: { count: 1, exact: true } });
    const { user, probe } = await renderApp('/en/products');
    const filters = await screen.findByRole('search', { name: 'Filters' });
    await screen.findByRole('link', { name: 'Dachziegel Biberschwanz' });

    await user.click(within(filters).getByRole('radio', { name: 'New' }));
    expect(probe.location.search).toBe('?condition=new');
    expect(probe.navigationType).toBe('PUSH');

    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'tiles');
    // Still typing: nothing applied yet.
    expect(probe.location.search).toBe('?condition=new');
    await waitFor(() => {
      expect(probe.location.search).toBe('?q=tiles&condition=new');
    });
    await waitFor(() => {
      expect(queries.at(-1)?.get('q')).toBe('tiles');
    });
    expect(queries.map((q) => q.get('q')).filter((q) => q !== null)).toEqual(['tiles']);
    // The field kept its text and the focus.
    expect(within(filters).getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    expect(within(filters).getByRole('searchbox', { name: 'Search' })).toHaveValue('tiles');
  });

  it('applies a typed place when the field is left, a postal code at once', async () => {
    products({ items: [card()], total: { count: 1, exact: true } });
    const { user, probe } = await renderApp('/en/products');
    const filters = await screen.findByRole('search', { name: 'Filters' });
    const place = within(filters).getByRole('combobox', { name: 'City or postal code' });
    await user.type(place, 'Atlant');
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(probe.location.search).toBe('');
    await user.tab();
    expect(probe.location.search).toBe('?location=Atlant&radius=25');

    await user.clear(place);
    await user.type(place, '1201');
    expect(probe.location.search).toBe('?location=1201&radius=25');
  });
});

describe('products: filters on a phone', () => {
  it('opens them in a sheet with the number of active filters; Escape and "Show N results" close it', async () => {
    onPhone();
    products({ items: [card()], total: { count: 1234, exact: true } });
    const { user } = await renderApp('/en/products?brand=Makita&condition=used');
    const toggle = await screen.findByRole('button', { name: 'Filters (2)' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(sheet).getByRole('button', { name: 'Close the filters' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await waitFor(() => {
      expect(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Show 1’234 results' }),
      ).toBeInTheDocument();
    });
    // Focus stays inside: Shift+Tab from the first control goes to the last.
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Show 1’234 results' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('products: cards', () => {
  it('shows how long ago each ad was posted', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00Z') });
    try {
      products({ items: [card({ publishedAt: '2026-11-20T10:00:00Z' })], total: { count: 1, exact: true } });
      await renderApp('/fr/products');
      const link = await screen.findByRole('link', { name: 'Dachziegel Biberschwanz' });
      const age = link.closest('article')?.querySelector('time');
      expect(age).toHaveTextContent('il y a 3 jours');
      expect(age).toHaveAttribute('dateTime', '2026-11-20T10:00:00Z');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('products: numbered pages', () => {
  it('links the pages it knows by number, the current one marked', async () => {
    server.use(
      http.get(`${API}/products`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
        const n = cursor === '' ? 1 : Number(cursor.slice(1));
        return HttpResponse.json({
          items: [card({ id: `AD${String(n)}`, title: `Ad on page ${String(n)}` })],
          nextCursor: `c${String(n + 1)}`,
          total: { count: 240, exact: true },
        });
      }),
    );
    const { user, probe } = await renderApp('/en/products');
    await screen.findByRole('link', { name: 'Ad on page 1' });
    const pager = () => screen.getByRole('navigation', { name: 'Pages of results' });
    for (let n = 2; n <= 5; n++) {
      await user.click(within(pager()).getByRole('link', { name: `Page ${String(n)}` }));
      await screen.findByRole('link', { name: `Ad on page ${String(n)}` });
    }
    const numbers = within(pager())
      .getAllByRole('listitem')
      .map((item) => plain(item.textContent));
    expect(numbers).toEqual(['1', '3', '4', 'Page 55', '6']);
    expect(within(pager()).getByText('Page 5').closest('[aria-current]')).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager()).getByRole('link', { name: 'Page 3' }));
    await screen.findByRole('link', { name: 'Ad on page 3' });
    expect(probe.location.search).toBe('?cursor=c3');
    await user.click(within(pager()).getByRole('link', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'Ad on page 2' });
  });
});
