import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

/** The header's language button (the mobile menu has its own). */
const languageButton = (name: string) => within(screen.getByRole('banner')).getByRole('button', { name });

describe('language switcher', () => {
  it('offers the five languages in the specified order, the current one checked', async () => {
    const { user } = await renderApp('/fr/');
    const button = languageButton('Langue Français');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Langue' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['English', 'Français', 'Deutsch', 'Shqipe', 'Italiano']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveFocus();
    expect(within(menu).getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('href', '/de/');
  });

  it('moves focus with the arrow keys without switching, and switches only on Enter', async () => {
    const { user, probe } = await renderApp('/fr/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos de Remat' })).toBeInTheDocument();
    languageButton('Langue Français').focus();

    // ArrowDown on the button opens the menu on the current language; nothing changes yet.
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Langue' });
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitemradio', { name: 'Italiano' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitemradio', { name: 'Italiano' })).toHaveFocus();
    expect(probe.location.pathname).toBe('/fr/about');
    expect(document.documentElement.lang).toBe('fr');

    // Escape closes without a change and gives focus back to the button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(languageButton('Langue Français')).toHaveFocus();
    expect(probe.location.pathname).toBe('/fr/about');

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Über Remat' })).toBeInTheDocument();
    expect(probe.location.pathname).toBe('/de/about');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('swaps the prefix on a click, keeps path, query and hash, replaces history and switches the texts', async () => {
    const { user, probe, i18n } = await renderApp('/fr/about?ref=footer#team');
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos de Remat' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.documentElement.lang).toBe('fr');
    });

    await user.click(languageButton('Langue Français'));
    await user.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Über Remat' })).toBeInTheDocument();
    expect(`${probe.location.pathname}${probe.location.search}${probe.location.hash}`).toBe(
      '/de/about?ref=footer#team',
    );
    expect(probe.navigationType).toBe('REPLACE');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.language).toBe('de');
    expect(languageButton('Sprache Deutsch')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Über uns – Remat');
    });
  });

  it('closes on a click outside without switching', async () => {
    const { user, probe } = await renderApp('/en/about');
    await user.click(languageButton('Language English'));
    expect(screen.getByRole('menu', { name: 'Language' })).toBeInTheDocument();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(probe.location.pathname).toBe('/en/about');
  });

  it('switches to every language', async () => {
    const { user } = await renderApp('/en/');
    const expectations = [
      ['Shqipe', 'sq', 'Jepuni materialeve të ndërtimit një jetë të dytë', 'Gjuha Shqipe'],
      ['Italiano', 'it', 'Dai una seconda vita ai materiali da costruzione', 'Lingua Italiano'],
      ['Français', 'fr', 'Donnez une seconde vie aux matériaux de construction', 'Langue Français'],
      ['English', 'en', 'Give construction materials a second life', 'Language English'],
    ] as const;
    let name = 'Language English';
    for (const [option, lang, heading, nextName] of expectations) {
      await user.click(languageButton(name));
      await user.click(screen.getByRole('menuitemradio', { name: option }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe(lang);
      name = nextName;
    }
  });
});
