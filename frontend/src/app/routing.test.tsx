import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('language prefix routing', () => {
  it.each([
    ['/', '/fr/'],
    ['/about?x=1', '/fr/about?x=1'],
    ['/about?x=1#team', '/fr/about?x=1#team'],
    ['/fr/fr/about', '/fr/about'],
    ['/de/de/', '/de/'],
  ])('replaces %s by %s', async (start, expected) => {
    const { probe } = await renderApp(start);
    await waitFor(() => {
      expect(`${probe.location.pathname}${probe.location.search}${probe.location.hash}`).toBe(expected);
    });
    expect(probe.navigationType).toBe('REPLACE');
    await screen.findByRole('heading', { level: 1 });
  });

  it('sends an unknown prefix to French, where the page is not found', async () => {
    const { probe } = await renderApp('/xx/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quelque chose ne va pas ici...' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/xx/about');
    });
    expect(probe.navigationType).toBe('REPLACE');
  });

  it('renders the page of a canonical path without redirecting', async () => {
    const { probe } = await renderApp('/de/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Über Remat' })).toBeInTheDocument();
    expect(probe.history).toEqual(['/de/about']);
  });
});

describe('pages', () => {
  it.each([
    ['/en/', 'Give construction materials a second life', 'Surplus construction materials in Switzerland – Remat'],
    ['/fr/about', 'À propos de Remat', 'À propos – Remat'],
    ['/it/how-it-works', 'Come funziona Remat', 'Come funziona – Remat'],
    ['/sq/contact-us', 'Na kontaktoni', 'Na kontaktoni – Remat'],
  ])('%s shows its heading and title', async (path, heading, title) => {
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe(title);
    });
  });

  it('lists the buying and selling steps in order', async () => {
    await renderApp('/en/how-it-works');
    const lists = await screen.findAllByRole('list', { name: '' });
    const ordered = lists.filter((list) => list.tagName === 'OL');
    expect(ordered).toHaveLength(2);
    expect(ordered[0]?.querySelectorAll('li')).toHaveLength(4);
    expect(ordered[0]?.querySelector('li')).toHaveTextContent('Search for materials');
    expect(ordered[1]?.querySelector('li')).toHaveTextContent('Create a free account');
  });
});

describe('not-found page', () => {
  it('shows the English text and a Home button to the language home', async () => {
    const { user, probe } = await renderApp('/en/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: "Something's wrong here..." })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for cannot be found.')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/en/');
    await user.click(home);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Give construction materials a second life' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/');
    });
  });

  it('is translated', async () => {
    await renderApp('/de/gibt-es-nicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hier stimmt etwas nicht...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/de/');
    await waitFor(() => {
      expect(document.title).toBe('Seite nicht gefunden – Remat');
    });
  });

  it.each(['/fr/products/a/b', '/fr/product'])('%s is no catalogue route and shows not-found', async (path) => {
    await renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quelque chose ne va pas ici...' }),
    ).toBeInTheDocument();
  });
});

describe('page shell', () => {
  it('has the landmarks and a skip link to the main content', async () => {
    const { user } = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('navigation', () => {
  it('moves focus to the main content when a link opens another page', async () => {
    const { user } = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Contact us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
