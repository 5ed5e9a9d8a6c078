import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserLayout } from '@/features/dashboard/UserLayout';
import { renderWithProviders } from '@/testing/render';

const SECTIONS = [
  { path: '/de/user/products', name: 'Meine Inserate' },
  { path: '/de/user/payment-details', name: 'Abos und Zahlungen' },
  { path: '/de/user/information', name: 'Mein Profil' },
  { path: '/de/user/favourites', name: 'Merkliste' },
];

describe('dashboard menu', () => {
  it.each(SECTIONS)('marks “$name” as the current page at $path, and only it', async ({ path, name }) => {
    await renderWithProviders(<UserLayout />, { route: path });
    const nav = screen.getByRole('navigation', { name: 'Mein Konto' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(7);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
    ).toEqual([name]);
    expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', path);
  });

  it('lists the sections in the order of the specification', async () => {
    await renderWithProviders(<UserLayout />, { route: '/en/user/products' });
    const nav = screen.getByRole('navigation', { name: 'My account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'My ads',
      'Subscriptions and payments',
      'My profile',
      'Messages',
      'Favourites',
      'Saved searches',
      'Privacy and account',
    ]);
  });
});
