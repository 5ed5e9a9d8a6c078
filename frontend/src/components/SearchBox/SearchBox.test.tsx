import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const SUGGESTIONS = {
  dach: [
    { kind: 'category', value: 'roofing', label: 'Bedachung', count: 12 },
    { kind: 'brand', value: 'Dachdecker AG', label: 'Dachdecker AG', count: 1 },
    { kind: 'term', value: 'dachziegel', label: 'dachziegel', count: 3 },
    { kind: 'term', value: 'alte dachziegel', label: 'alte dachziegel' },
  ],
  da: [{ kind: 'term', value: 'dämmung', label: 'dämmung', count: 2 }],
};

/** Answers the suggestions from SUGGESTIONS, "da" slowly; records what was asked. */
function answerSuggestions() {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/suggestions`, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = params.get('q') ?? '';
      asked.push(`${q}|${params.get('lang') ?? ''}`);
      if (q === 'da') await delay(400); // answers after the newer query
      return HttpResponse.json({ items: q === 'da' || q === 'dach' ? SUGGESTIONS[q] : [] });
    }),
  );
  return asked;
}

async function headerSearch(route: string) {
  const app = await renderApp(route);
  await screen.findByRole('heading', { level: 1 });
  const banner = screen.getByRole('banner');
  const search = within(banner).getByRole('search', { name: 'Inserate durchsuchen' });
  return { ...app, search, field: within(search).getByRole('combobox', { name: 'Was suchen Sie?' }) };
}

describe('search box', () => {
  it('suggests in the page language once two characters are typed, and only the latest answer', async () => {
    const asked = answerSuggestions();
    const { user, field } = await headerSearch('/de/about');
    await user.type(field, 'd');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(asked).toEqual([]); // nothing below two characters
    expect(field).toHaveAttribute('aria-expanded', 'false');

    await user.type(field, 'a');
    await waitFor(() => {
      expect(asked).toEqual(['da|de']);
    });
    await user.type(field, 'ch'); // "dach" is asked while "da" is still on its way
    const list = await screen.findByRole('listbox', { name: 'Vorschläge' });
    await waitFor(() => {
      expect(within(list).getAllByRole('option')).toHaveLength(4);
    });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Bedachung Kategorie · 12 Inserate',
      'Dachdecker AG Marke · 1 Inserat',
      'dachziegel 3 Inserate',
      'alte dachziegel Suche',
    ]);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('4 Vorschläge, mit den Pfeiltasten wählen')).toBeInTheDocument();
    // The late answer for "da" does not replace the list.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(within(list).queryByRole('option', { name: /dämmung/ })).not.toBeInTheDocument();
    expect(asked).toEqual(['da|de', 'dach|de']);
  });

  it('moves through the suggestions with the arrow keys and opens the chosen category with Enter', async () => {
    answerSuggestions();
    const { user, field, probe } = await headerSearch('/de/about');
    await user.type(field, 'dach');
    const list = await screen.findByRole('listbox', { name: 'Vorschläge' });
    await within(list).findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const first = within(list).getAllByRole('option')[0];
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{Enter}');
    expect(`${probe.location.pathname}${probe.location.search}`).toBe('/de/products?category=roofing');
  });

  it('closes the suggestions with Escape and searches the typed words with Enter', async () => {
    answerSuggestions();
    const { user, field, probe } = await headerSearch('/de/about');
    await user.type(field, 'dach');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveValue('dach');
    await user.keyboard('{Enter}');
    expect(`${probe.location.pathname}${probe.location.search}`).toBe('/de/products?q=dach');
  });

  it('opens a brand or a term from a click', async () => {
    answerSuggestions();
    const { user, field, probe } = await headerSearch('/de/about');
    await user.type(field, 'dach');
    await user.click(await screen.findByRole('option', { name: /^Dachdecker AG/ }));
    expect(`${probe.location.pathname}${probe.location.search}`).toBe('/de/products?brand=Dachdecker+AG');
  });
});

describe('header search and "Post an ad"', () => {
  it('opens the search from its icon on narrow screens and closes it with Escape', async () => {
    const { user, search } = await headerSearch('/de/how-it-works');
    const toggle = screen.getByRole('button', { name: 'Suche öffnen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(search.parentElement).not.toHaveClass('site-header__search--open');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Suche schliessen' })).toHaveAttribute('aria-expanded', 'true');
    expect(search.parentElement).toHaveClass('site-header__search--open');
    expect(within(search).getByRole('combobox')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(search.parentElement).not.toHaveClass('site-header__search--open');
    expect(screen.getByRole('button', { name: 'Suche öffnen' })).toHaveFocus();
  });

  it('links "Post an ad" to the sell page for a visitor', async () => {
    await renderApp('/fr/about');
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Déposer une annonce' })).toHaveAttribute(
      'href',
      '/fr/vendre',
    );
  });
});
