import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { scrollPageTo } from '@/testing/scroll';

describe('header', () => {
  it.each(['/fr', '/fr/'])('is dark on the bare home page %s', async (path) => {
    await renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('banner')).toHaveClass('site-header--dark');
  });

  it.each(['/fr/about', '/fr/contact-us', '/fr/nope'])('is light on %s', async (path) => {
    await renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('banner')).not.toHaveClass('site-header--dark');
  });

  it('becomes fixed after 50 px of scrolling and un-fixes at the top', async () => {
    await renderApp('/fr/about');
    await screen.findByRole('heading', { level: 1 });
    const header = screen.getByRole('banner');
    expect(header).not.toHaveClass('site-header--fixed');
    scrollPageTo(50);
    expect(header).not.toHaveClass('site-header--fixed');
    scrollPageTo(51);
    expect(header).toHaveClass('site-header--fixed');
    scrollPageTo(0);
    expect(header).not.toHaveClass('site-header--fixed');
  });

  it('stays dark while fixed on the home page', async () => {
    await renderApp('/de/');
    await screen.findByRole('heading', { level: 1 });
    scrollPageTo(400);
    expect(screen.getByRole('banner')).toHaveClass('site-header--dark', 'site-header--fixed');
  });

  it('links to buy, sell, how it works, login and sign-up with accessible names', async () => {
    await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 });
    const banner = screen.getByRole('banner');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/en/products');
    expect(within(nav).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/en/vendre');
    expect(within(nav).getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/en/how-it-works');
    expect(within(banner).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
    expect(within(banner).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/en/account-creation',
    );
    expect(within(banner).getByRole('link', { name: 'Remat – home page' })).toHaveAttribute('href', '/en/');
  });
});

describe('mobile menu', () => {
  it('opens as a dialog, links Buy to the all-categories token, traps focus and closes on Escape', async () => {
    const { user } = await renderApp('/fr/about');
    await screen.findByRole('heading', { level: 1 });
    const burger = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await user.click(burger);
    const dialog = screen.getByRole('dialog', { name: 'Menu du site' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAttribute('aria-controls', dialog.id);
    expect(within(dialog).getByRole('link', { name: 'Acheter' })).toHaveAttribute(
      'href',
      '/fr/products/eyJjYXRlZ29yeSI6ImFsbCJ9',
    );

    const close = within(dialog).getByRole('button', { name: 'Fermer le menu' });
    expect(close).toHaveFocus();
    // Shift+Tab from the first control wraps to the last one, Tab from the last wraps back.
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Langue Français' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(burger).toHaveFocus();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a link is followed', async () => {
    const { user, probe } = await renderApp('/de/about');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: "So funktioniert's" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'So funktioniert Remat' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/de/how-it-works');
    });
  });

  it('closes with its close button', async () => {
    const { user } = await renderApp('/en/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(screen.getByRole('button', { name: 'Close the menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the menu' })).toHaveFocus();
  });
});
