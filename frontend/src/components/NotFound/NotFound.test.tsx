import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('not-found page', () => {
  it('offers the search, the top-level categories and the home page', async () => {
    const { user, probe } = await renderApp('/fr/nope');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1 })).toHaveTextContent('Quelque chose ne va pas ici...');
    const categories = await within(main).findByRole('navigation', { name: 'Parcourir les catégories' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/fr/products?category=building-materials', '/fr/products?category=tools']);
    expect(within(main).getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/fr/');
    const search = await within(main).findByRole('search', { name: 'Rechercher dans les annonces' });
    await user.type(within(search).getByRole('combobox', { name: 'Que recherchez-vous\u00a0?' }), 'tuiles{Enter}');
    expect(`${probe.location.pathname}${probe.location.search}`).toBe('/fr/products?q=tuiles');
  });
});
