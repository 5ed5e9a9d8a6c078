import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('terms and privacy', () => {
  it('shows the terms in French', async () => {
    await renderApp('/fr/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions générales' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(2);
    expect(screen.getByRole('link', { name: 'Contactez-nous' })).toHaveAttribute('href', '/fr/contact-us');
  });

  it('shows the privacy statement in German', async () => {
    await renderApp('/de/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Datenschutzerklärung – Remat');
    });
  });
});
