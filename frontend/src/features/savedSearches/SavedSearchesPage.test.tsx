import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { mockSavedSearches, savedSearch } from '@/testing/savedSearches';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function openDashboard(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

/** The list item around a saved search's heading. */
function itemNamed(name: string): HTMLElement {
  const item = screen.getByRole('heading', { level: 2, name }).closest('li');
  if (!item) throw new Error(`no item for ${name}`);
  return item;
}

const TUILES = savedSearch();
const TOOLS = savedSearch({
  id: '01JSEARCH0000000000000002',
  name: 'Outils',
  params: 'category=power-tools&condition=new&maxPrice=200',
  place: undefined,
  frequency: 'instant',
  paused: true,
  lastSentAt: undefined,
});

describe('user/saved-searches', () => {
  it('lists the saved searches with their filters, frequency, status and last alert', async () => {
    mockSavedSearches([TUILES, TOOLS]);
    await openDashboard('/en/user/saved-searches');

    expect(await screen.findByRole('heading', { level: 1, name: 'Saved searches' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Saved searches – Remat');
    });
    expect(screen.getByRole('link', { name: 'Saved searches' })).toHaveAttribute('href', '/en/user/saved-searches');
    const list = await screen.findByRole('list', { name: 'My saved searches' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 of 20 saved searches')).toBeInTheDocument();

    const tuiles = itemNamed('tuiles');
    await waitFor(() => {
      expect(within(tuiles).getByText('“tuiles” · Roofing · Within 20 km of 8001 Zürich')).toBeInTheDocument();
    });
    expect(within(tuiles).getByRole('combobox', { name: 'E-mail frequency for “tuiles”' })).toHaveValue('daily');
    expect(within(tuiles).getByText('Active')).toBeInTheDocument();
    expect(within(tuiles).getByText('22.11.2026')).toBeInTheDocument();
    expect(within(tuiles).getByRole('link', { name: 'Show the ads of “tuiles”' })).toHaveAttribute(
      'href',
      '/en/products?q=tuiles&category=roofing&location=8001&radius=20',
    );

    const tools = itemNamed('Outils');
    expect(plain(within(tools).getByText(/Power tools/).textContent)).toBe('Power tools · New · Up to CHF 200.00');
    expect(within(tools).getByText('Paused')).toBeInTheDocument();
    expect(within(tools).getByText('No alert sent yet')).toBeInTheDocument();
    expect(within(tools).getByRole('combobox', { name: 'E-mail frequency for “Outils”' })).toHaveValue('instant');
  });

  it('renames a search in place', async () => {
    const calls = mockSavedSearches([TUILES]);
    const { user } = await openDashboard('/en/user/saved-searches');

    await user.click(await screen.findByRole('button', { name: 'Rename “tuiles”' }));
    const field = screen.getByRole('textbox', { name: 'New name' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Dachziegel Zürich{Enter}');

    expect(await screen.findByRole('heading', { level: 2, name: 'Dachziegel Zürich' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New name' })).not.toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `saved-searches/${TUILES.id}`,
      body: { name: 'Dachziegel Zürich' },
    });
  });

  it('pauses, resumes and changes the frequency of a search', async () => {
    const calls = mockSavedSearches([TUILES]);
    const { user } = await openDashboard('/en/user/saved-searches');

    await user.click(await screen.findByRole('button', { name: 'Pause the alerts of “tuiles”' }));
    const item = itemNamed('tuiles');
    expect(await within(item).findByText('Paused')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'PATCH', path: `saved-searches/${TUILES.id}`, body: { paused: true } });

    await user.click(within(item).getByRole('button', { name: 'Resume the alerts of “tuiles”' }));
    expect(await within(item).findByText('Active')).toBeInTheDocument();

    await user.selectOptions(
      within(item).getByRole('combobox', { name: 'E-mail frequency for “tuiles”' }),
      'As soon as new ads appear (at most hourly)',
    );
    await waitFor(() => {
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: `saved-searches/${TUILES.id}`,
        body: { frequency: 'instant' },
      });
    });
  });

  it('deletes a search only once confirmed', async () => {
    const calls = mockSavedSearches([TUILES, TOOLS]);
    const { user } = await openDashboard('/en/user/saved-searches');

    await user.click(await screen.findByRole('button', { name: 'Delete “tuiles”' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this saved search?' });
    expect(dialog).toHaveTextContent('You will no longer receive alerts for “tuiles”.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete “tuiles”' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this saved search?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      expect(screen.queryByRole('heading', { level: 2, name: 'tuiles' })).not.toBeInTheDocument();
    });
    expect(calls).toContainEqual({ method: 'DELETE', path: `saved-searches/${TUILES.id}` });
    expect(await screen.findByText('1 of 20 saved searches')).toBeInTheDocument();
    expect(await screen.findByText('Saved search deleted.')).toBeInTheDocument();
  });

  it('invites to browse the ads when there is none (German)', async () => {
    mockSavedSearches([]);
    await openDashboard('/de/user/saved-searches');
    expect(await screen.findByText('Sie haben noch keine Suchaufträge.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inserate durchsuchen' })).toHaveAttribute('href', '/de/products');
    expect(screen.getByText('0 von 20 Suchaufträgen')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Meine Suchaufträge' })).not.toBeInTheDocument();
  });
});
