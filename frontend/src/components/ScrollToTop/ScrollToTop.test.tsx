import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { scrollPageTo } from '@/testing/scroll';

describe('scroll-to-top button', () => {
  it('appears after 300 px, shows progress, scrolls up and moves focus to the top', async () => {
    const { user } = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();

    scrollPageTo(300);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();

    // 1100 of (3000 - 800) = 50 %
    scrollPageTo(1100, { pageHeight: 3000, viewport: 800 });
    const button = screen.getByRole('button', { name: 'Back to top' });
    const ring = screen.getByTestId('scroll-progress');
    const length = Number(ring.getAttribute('stroke-dasharray'));
    expect(Number(ring.getAttribute('stroke-dashoffset'))).toBeCloseTo(length / 2, 1);

    scrollPageTo(2200, { pageHeight: 3000, viewport: 800 });
    expect(Number(screen.getByTestId('scroll-progress').getAttribute('stroke-dashoffset'))).toBeCloseTo(0, 1);

    await user.click(button);
    expect(window.scrollY).toBe(0);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    expect(document.getElementById('page-top')).toHaveFocus();
  });

  it('works from the keyboard', async () => {
    const { user } = await renderApp('/fr/about');
    await screen.findByRole('heading', { level: 1 });
    scrollPageTo(900);
    screen.getByRole('button', { name: 'Retour en haut' }).focus();
    await user.keyboard('{Enter}');
    expect(window.scrollY).toBe(0);
  });
});
