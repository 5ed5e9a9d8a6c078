import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('language switcher', () => {
  it('offers the five languages in the specified order', async () => {
    await renderApp('/fr/');
    const select = await screen.findByRole('combobox', { name: 'Langue' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['English', 'Français', 'Deutsch', 'Shqipe', 'Italiano']);
    expect(select).toHaveValue('fr');
  });

  it('swaps the prefix, keeps path, query and hash, replaces history and switches the texts', async () => {
    const { user, probe, i18n } = await renderApp('/fr/about?ref=footer#team');
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos de Remat' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.documentElement.lang).toBe('fr');
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'Deutsch');

    expect(await screen.findByRole('heading', { level: 1, name: 'Über Remat' })).toBeInTheDocument();
    expect(`${probe.location.pathname}${probe.location.search}${probe.location.hash}`).toBe(
      '/de/about?ref=footer#team',
    );
    expect(probe.navigationType).toBe('REPLACE');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.language).toBe('de');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await waitFor(() => {
      expect(document.title).toBe('Über uns – Remat');
    });
  });

  it('switches to every language', async () => {
    const { user } = await renderApp('/en/');
    const expectations = [
      ['Shqipe', 'sq', 'Jepuni materialeve të ndërtimit një jetë të dytë', 'Gjuha'],
      ['Italiano', 'it', 'Dai una seconda vita ai materiali da costruzione', 'Lingua'],
      ['Français', 'fr', 'Donnez une seconde vie aux matériaux de construction', 'Langue'],
      ['English', 'en', 'Give construction materials a second life', 'Language'],
    ] as const;
    let label = 'Language';
    for (const [option, lang, heading, nextLabel] of expectations) {
      await user.selectOptions(await screen.findByRole('combobox', { name: label }), option);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe(lang);
      label = nextLabel;
    }
  });
});
