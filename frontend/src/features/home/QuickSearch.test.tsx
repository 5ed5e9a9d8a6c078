import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toCriteria } from '@/features/home/QuickSearch';
import { renderApp } from '@/testing/render';

describe('home quick search', () => {
  it('has a labelled control for every criterion', async () => {
    await renderApp('/fr/');
    await screen.findByRole('heading', { level: 1 });
    const search = screen.getByRole('search', { name: 'Recherche rapide' });
    expect(search).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveValue('all');
    expect(screen.getByRole('textbox', { name: 'Marque' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: "Prix jusqu'à (CHF)" })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'État' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Toute la Suisse' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Localité ou code postal' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Rayon' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Recherche avancée' })).toHaveAttribute('href', '/fr/products');
  });

  it('opens the product list with the criteria as query parameters', async () => {
    const { user, probe } = await renderApp('/en/');
    await screen.findByRole('heading', { level: 1 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Tools');
    await user.type(screen.getByRole('textbox', { name: 'Brand' }), 'Hilti');
    await user.click(screen.getByRole('radio', { name: 'Used' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Price up to (CHF)' }), '250');
    await user.click(screen.getByRole('radio', { name: 'Area' }));
    await user.type(screen.getByRole('textbox', { name: 'City or postal code' }), '1003');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Radius' }), '50 km');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(`${probe.location.pathname}${probe.location.search}`).toBe(
      '/en/products?category=tools&brand=Hilti&condition=used&maxPrice=250&location=1003&radius=50',
    );
    expect(probe.navigationType).toBe('PUSH');
  });

  it('leaves out "any" choices', () => {
    expect(
      toCriteria({
        category: 'all',
        brand: ' ',
        condition: 'any',
        maxPrice: '',
        locationMode: 'area',
        location: '',
        radiusKm: 25,
      }),
    ).toEqual({
      category: undefined,
      brand: ' ',
      condition: undefined,
      maxPrice: undefined,
      location: undefined,
      radiusKm: undefined,
    });
  });
});
