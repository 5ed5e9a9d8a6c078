import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/admin';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { review, SELLER_ID } from '@/testing/reviews';
import { server } from '@/testing/server';

function reported(overrides: Record<string, unknown> = {}) {
  return {
    ...review({ rating: 1, text: 'Betrüger! Nie wieder.' }),
    reports: [
      { reason: 'Beleidigend und falsch.', reporterName: 'Hans H.', createdAt: '2026-11-22T09:30:00Z' },
      { reason: 'Spam', reporterName: 'Lea K.', createdAt: '2026-11-23T10:00:00Z' },
    ],
    ...overrides,
  };
}

/** The queue held in memory: removing or dismissing takes a review out. Records every call. */
function mockQueue(initial: ReturnType<typeof reported>[]) {
  let items = [...initial];
  const calls: string[] = [];
  server.use(
    http.get(`${API}/admin/reviews`, () => HttpResponse.json({ items, nextCursor: null })),
    http.delete(`${API}/admin/reviews/:id`, ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      items = items.filter((item) => item.id !== params.id);
      return HttpResponse.json({ message: 'review_removed' });
    }),
    http.post(`${API}/admin/reviews/:id/dismiss`, ({ params }) => {
      calls.push(`DISMISS ${String(params.id)}`);
      items = items.filter((item) => item.id !== params.id);
      return HttpResponse.json({ message: 'review_reports_dismissed' });
    }),
  );
  return calls;
}

describe('reported reviews in the back office', () => {
  it('lists reported reviews with their reports and removes one after confirmation', async () => {
    const calls = mockQueue([reported()]);
    server.use(http.get(`${API}/admin/reports`, () => HttpResponse.json({ items: [], nextCursor: null })));
    const { user, probe } = await renderApp('/en/admin/reports', { preloadedState: adminSession() });

    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    await user.click(within(nav).getByRole('link', { name: 'Reviews' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported reviews' })).toBeInTheDocument();
    expect(probe.location.pathname).toBe('/en/admin/reviews');
    await waitFor(() => {
      expect(document.title).toBe('Reported reviews – Remat');
    });

    const item = await screen.findByRole('article', { name: /^Review by Claire M\./ });
    expect(within(item).getByText('1 out of 5')).toBeInTheDocument();
    expect(within(item).getByText('Betrüger! Nie wieder.')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Dachziegel Biberschwanz' })).toHaveAttribute(
      'href',
      '/en/product/01JCARD0000000000000000001',
    );
    expect(within(item).getByRole('link', { name: 'Public profile' })).toHaveAttribute(
      'href',
      `/en/seller/${SELLER_ID}`,
    );
    expect(within(item).getByRole('heading', { name: 'Reports (2)' })).toBeInTheDocument();
    expect(within(item).getByText('Beleidigend und falsch.')).toBeInTheDocument();
    expect(within(item).getByText(/^Hans H\., 22\.11\.2026/)).toBeInTheDocument();

    // Cancelling changes nothing.
    await user.click(within(item).getByRole('button', { name: 'Remove the review by Claire M.' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this review?' });
    expect(dialog).toHaveTextContent('The review by Claire M. about “Dachziegel Biberschwanz” will disappear');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'Remove the review by Claire M.' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Remove this review?' })).getByRole('button', {
        name: 'Remove review',
      }),
    );
    expect(await screen.findByText('Review removed.')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE rev-1']);
    expect(await screen.findByText('No reported reviews. Well done!')).toBeInTheDocument();
  });

  it('dismisses the reports of a review (French)', async () => {
    const calls = mockQueue([reported()]);
    const { user } = await renderApp('/fr/admin/reviews', { preloadedState: adminSession() });
    const item = await screen.findByRole('article', { name: /^Avis de Claire M\./ });
    await user.click(within(item).getByRole('button', { name: 'Classer les signalements de l’avis de Claire M.' }));
    expect(await screen.findByText('Signalements classés ; l’avis reste en ligne.')).toBeInTheDocument();
    expect(calls).toEqual(['DISMISS rev-1']);
    expect(await screen.findByText('Aucun avis signalé. Bravo !')).toBeInTheDocument();
  });
});
