import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/components/Footer/Footer';
import { renderWithProviders } from '@/testing/render';

describe('footer', () => {
  it('links to the information pages, pricing included', async () => {
    await renderWithProviders(<Footer />, { route: '/en/about' });
    const nav = screen.getByRole('navigation', { name: 'Discover' });
    expect(within(nav).getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/en/how-it-works');
    expect(within(nav).getByRole('link', { name: 'Pricing and subscriptions' })).toHaveAttribute(
      'href',
      '/en/vendre?choosePlan=true',
    );
    expect(within(nav).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/en/about');
    expect(within(nav).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/en/contact-us');
  });

  it('announces the mobile apps as coming soon, with badges that are not links', async () => {
    await renderWithProviders(<Footer />, { route: '/fr/' });
    const apps = screen.getByRole('region', { name: 'Applications mobiles bientôt disponibles' });
    expect(within(apps).getByRole('img', { name: 'App Store – bientôt disponible' })).toBeInTheDocument();
    expect(within(apps).getByRole('img', { name: 'Google Play – bientôt disponible' })).toBeInTheDocument();
    expect(within(apps).queryByRole('link')).not.toBeInTheDocument();
  });

  it('opens the social profiles in a new tab safely', async () => {
    await renderWithProviders(<Footer />, { route: '/de/' });
    for (const name of [
      'Remat auf Facebook (öffnet in einem neuen Tab)',
      'Remat auf LinkedIn (öffnet in einem neuen Tab)',
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });

  it('shows the copyright with the current year and the data attribution', async () => {
    await renderWithProviders(<Footer />, { route: '/it/' });
    expect(screen.getByText(`© ${String(new Date().getFullYear())} Remat`)).toBeInTheDocument();
    expect(
      screen.getByText('Dati delle località: Fonte: Ufficio federale di topografia swisstopo'),
    ).toBeInTheDocument();
    const geonames = screen.getByRole('link', { name: 'GeoNames' });
    expect(geonames).toHaveAttribute('href', 'https://www.geonames.org');
    expect(geonames.parentElement).toHaveTextContent(
      'Dati dei codici postali: GeoNames (https://www.geonames.org), CC BY 4.0',
    );
  });

  it('keeps the English attribution wording', async () => {
    await renderWithProviders(<Footer />, { route: '/en/' });
    expect(screen.getByText('Locality data: Source: Federal Office of Topography swisstopo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GeoNames' }).parentElement).toHaveTextContent(
      'Postal code data: GeoNames (https://www.geonames.org), CC BY 4.0',
    );
  });
});
