import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { mockSavedSearches } from '@/testing/savedSearches';

async function openList(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

describe('"Save this search" on the product list', () => {
  it('saves the search of the URL with a name from its text and the chosen frequency', async () => {
    const calls = mockSavedSearches();
    const { user } = await openList('/en/products?q=tuiles&category=roofing&location=8001&radius=20&sort=price_asc');

    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = screen.getByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name of the search' });
    expect(name).toHaveValue('tuiles');
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: 'Once a day' })).toBeChecked();

    await user.clear(name);
    await user.type(name, 'Tuiles Zurich');
    await user.click(within(dialog).getByRole('radio', { name: 'As soon as new ads appear (at most hourly)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: 'saved-searches',
        // The sort is not a filter: it is left out.
        body: {
          name: 'Tuiles Zurich',
          params: 'q=tuiles&category=roofing&location=8001&radius=20',
          frequency: 'instant',
        },
      },
    ]);
    const toast = await screen.findByText(/Search saved — you will get an e-mail when new ads match\./);
    expect(within(toast).getByRole('link', { name: 'Manage my alerts' })).toHaveAttribute(
      'href',
      '/en/user/saved-searches',
    );
  });

  it('names a search by its category and shows the limit refusal in the dialog (French)', async () => {
    mockSavedSearches([], (call) =>
      call.method === 'POST'
        ? HttpResponse.json(
            { error: { code: 'saved_search_limit', message: 'too many', params: { max: '20' } } },
            { status: 409 },
          )
        : undefined,
    );
    const { user } = await openList('/fr/products?category=roofing');

    await user.click(await screen.findByRole('button', { name: 'Enregistrer cette recherche' }));
    const dialog = screen.getByRole('dialog', { name: 'Enregistrer cette recherche' });
    await waitFor(() => {
      expect(within(dialog).getByRole('textbox', { name: 'Nom de la recherche' })).toHaveValue('Toiture');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vous avez déjà 20 recherches enregistrées. Supprimez-en une avant d’en enregistrer une autre.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a name refused by the server next to the field, and a too broad search in the dialog (German)', async () => {
    let answer = 'name';
    mockSavedSearches([], (call) => {
      if (call.method !== 'POST') return undefined;
      return answer === 'name'
        ? HttpResponse.json(
            { error: { code: 'validation_failed', message: 'invalid', fields: { name: 'too_long' } } },
            { status: 400 },
          )
        : HttpResponse.json({ error: { code: 'saved_search_too_broad', message: 'too broad' } }, { status: 422 });
    });
    const { user } = await openList('/de/products?location=8001');

    await user.click(await screen.findByRole('button', { name: 'Suche speichern' }));
    const dialog = screen.getByRole('dialog', { name: 'Suche speichern' });
    const name = within(dialog).getByRole('textbox', { name: 'Name des Suchauftrags' });
    // No text, no category: the place.
    expect(name).toHaveValue('8001');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => {
      expect(name).toHaveAttribute('aria-invalid', 'true');
    });
    expect(name).toHaveAccessibleDescription(/Dieser Text ist zu lang/);

    answer = 'broad';
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(/Diese Suche hat keinen Filter/)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it('cannot save a list without any filter, and says why', async () => {
    const calls = mockSavedSearches();
    await openList('/en/products?sort=price_asc');
    const button = await screen.findByRole('button', { name: 'Save this search' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Choose a word, a category or a place to save this search and get e-mail alerts.',
    );
    expect(calls).toEqual([]);
  });

  it('sends a visitor to log in, coming back to the same list', async () => {
    const { user, probe } = await renderApp('/en/products?q=tuiles&condition=used');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/login');
    });
    expect(new URLSearchParams(probe.location.search).get('returnTo')).toBe('/en/products?q=tuiles&condition=used');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
