import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { card } from '@/testing/catalogue';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { review, SELLER_ID, sellerProfile } from '@/testing/reviews';
import { server } from '@/testing/server';

type Review = ReturnType<typeof review>;

/**
 * A seller's profile, ads (by cursor: `ads[i]` is page i) and reviews held in memory; the review
 * calls change them as the server would. Records every call with its JSON body.
 */
function mockSeller({
  profile = sellerProfile(),
  ads = [[card()]],
  reviews = [review()],
  sellerId = SELLER_ID,
}: {
  profile?: Record<string, unknown>;
  ads?: Record<string, unknown>[][];
  reviews?: Review[];
  sellerId?: string;
} = {}) {
  let items = [...reviews];
  const calls: { call: string; body?: unknown }[] = [];
  server.use(
    http.get(`${API}/sellers/:id`, ({ params }) =>
      params.id === sellerId
        ? HttpResponse.json(profile)
        : HttpResponse.json({ error: { code: 'user_not_found', message: 'user not found' } }, { status: 404 }),
    ),
    http.get(`${API}/sellers/:id/ads`, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('cursor') ?? '0');
      calls.push({ call: `GET ads ${page}` });
      return HttpResponse.json({ items: ads[page] ?? [], nextCursor: page + 1 < ads.length ? String(page + 1) : null });
    }),
    http.get(`${API}/sellers/:id/reviews`, () =>
      HttpResponse.json({ items, nextCursor: null, rating: { average: 4.5, count: items.length } }),
    ),
    http.post(`${API}/reviews/:id/reply`, async ({ request, params }) => {
      const body = (await request.json()) as { text: string };
      calls.push({ call: `POST reply ${String(params.id)}`, body });
      items = items.map((item) =>
        item.id === params.id ? { ...item, reply: { text: body.text, createdAt: new Date().toISOString() } } : item,
      );
      return HttpResponse.json(items.find((item) => item.id === params.id));
    }),
    http.patch(`${API}/reviews/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { rating: number; text: string };
      calls.push({ call: `PATCH ${String(params.id)}`, body });
      items = items.map((item) => (item.id === params.id ? { ...item, ...body } : item));
      return HttpResponse.json(items.find((item) => item.id === params.id));
    }),
  );
  return calls;
}

function reviewBy(author: string): HTMLElement {
  return screen.getByRole('article', { name: author });
}

describe('the public seller profile', () => {
  it('shows the seller, their rating in words, their ads (paged) and the reviews with replies, signed out', async () => {
    const calls = mockSeller({
      ads: [[card()], [card({ id: 'AD-2', title: 'Holzbalken Eiche' })]],
      reviews: [
        review(),
        review({
          id: 'rev-2',
          authorName: 'Paul R.',
          rating: 2,
          text: 'Die Abholung hat lange gedauert.',
          reply: { text: 'Entschuldigung, wir waren in den Ferien.', createdAt: '2026-11-24T10:00:00Z' },
        }),
      ],
    });
    const { user } = await renderApp(`/en/seller/${SELLER_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Muster Bau AG' })).toBeInTheDocument();
    expect(screen.getByText('Professional')).toBeInTheDocument();
    expect(screen.getByText('Member since 03.2025')).toBeInTheDocument();
    expect(screen.getByText('4.5 out of 5 (12 reviews)')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Muster Bau AG – seller profile – Remat');
    });

    // The ads, with the catalogue's cards, and a second page.
    const ads = await screen.findByRole('list', { name: 'The seller’s ads' });
    expect(within(ads).getByRole('link', { name: 'Dachziegel Biberschwanz' })).toHaveAttribute(
      'href',
      '/en/product/01JCARD0000000000000000001',
    );
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of ads' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByRole('link', { name: 'Holzbalken Eiche' })).toBeInTheDocument();
    expect(calls.map(({ call }) => call)).toEqual(['GET ads 0', 'GET ads 1']);

    // The reviews: stars said in words, the ad linked, the seller's reply below.
    const claire = await screen.findByRole('article', { name: 'Claire M.' });
    expect(within(claire).getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(within(claire).getByText('Sehr freundlich, die Ziegel waren wie beschrieben.')).toBeInTheDocument();
    expect(within(claire).getByRole('link', { name: 'Dachziegel Biberschwanz' })).toHaveAttribute(
      'href',
      '/en/product/01JCARD0000000000000000001',
    );
    const paul = reviewBy('Paul R.');
    expect(within(paul).getByText('Rated 2 out of 5')).toBeInTheDocument();
    expect(within(paul).getByText('The seller’s reply')).toBeInTheDocument();
    expect(within(paul).getByText('Entschuldigung, wir waren in den Ferien.')).toBeInTheDocument();

    // Visitors can neither report, nor edit, nor answer.
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so when there are no reviews yet', async () => {
    mockSeller({ profile: sellerProfile({ rating: { average: null, count: 0 } }), reviews: [] });
    await renderApp(`/en/seller/${SELLER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Muster Bau AG' })).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(await screen.findByText('This seller has no reviews yet.')).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown or blocked seller', async () => {
    mockSeller();
    await renderApp('/en/seller/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller not found' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Seller not found – Remat');
    });
  });

  it('lets the reviewed seller answer a review once (German)', async () => {
    const calls = mockSeller({
      sellerId: TEST_USER.id,
      profile: sellerProfile({ id: TEST_USER.id }),
      reviews: [review({ sellerId: TEST_USER.id })],
    });
    signIn();
    const { user } = await renderApp(`/de/seller/${TEST_USER.id}`, { preloadedState: signedInState() });

    const claire = await screen.findByRole('article', { name: 'Claire M.' });
    const field = await within(claire).findByRole('textbox', { name: 'Ihre Antwort an Claire M.' });
    await user.click(within(claire).getByRole('button', { name: 'Antwort veröffentlichen' }));
    expect(within(claire).getByText('Pflichtfeld')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(calls.filter(({ call }) => call.startsWith('POST'))).toEqual([]);

    await user.type(field, 'Danke für den netten Kauf!');
    await user.click(within(claire).getByRole('button', { name: 'Antwort veröffentlichen' }));
    expect(await within(claire).findByText('Antwort des Verkäufers')).toBeInTheDocument();
    expect(within(claire).getByText('Danke für den netten Kauf!', { selector: 'p' })).toBeInTheDocument();
    expect(calls).toContainEqual({ call: 'POST reply rev-1', body: { text: 'Danke für den netten Kauf!' } });
    // Answered: the form has gone, and the seller may report the review but not edit it.
    expect(within(claire).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(claire).queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(within(claire).getByRole('button', { name: 'Bewertung von Claire M. melden' })).toBeInTheDocument();
  });

  it('lets a signed-in user report a review in a small dialog (French)', async () => {
    mockSeller();
    const bodies: unknown[] = [];
    let reported = false;
    server.use(
      http.post(`${API}/reviews/:id/report`, async ({ request }) => {
        bodies.push(await request.json());
        if (reported)
          return HttpResponse.json(
            { error: { code: 'review_already_reported', message: 'already reported' } },
            { status: 409 },
          );
        reported = true;
        return HttpResponse.json({ message: 'review_reported' }, { status: 202 });
      }),
    );
    signIn();
    const { user } = await renderApp(`/fr/seller/${SELLER_ID}`, { preloadedState: signedInState() });

    const open = await screen.findByRole('button', { name: 'Signaler l’avis de Claire M.' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Signaler cet avis' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getByText('Champ obligatoire')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Propos injurieux envers le vendeur.');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await screen.findByText('Merci. L’avis a été signalé et sera examiné.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(bodies).toEqual([{ reason: 'Propos injurieux envers le vendeur.' }]);

    // A second report of the same review is refused, and said so in the dialog.
    await user.click(open);
    const again = screen.getByRole('dialog', { name: 'Signaler cet avis' });
    await user.type(within(again).getByRole('textbox', { name: 'Motif' }), 'Encore.');
    await user.click(within(again).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('Vous avez déjà signalé cet avis.');
  });

  it('lets the author edit their review within 48 hours, in place', async () => {
    const calls = mockSeller({
      reviews: [
        review({ mine: true }),
        review({
          id: 'rev-old',
          authorName: 'Claire M. (old)',
          mine: true,
          editableUntil: '2026-01-01T00:00:00Z',
        }),
      ],
    });
    signIn();
    const { user } = await renderApp(`/en/seller/${SELLER_ID}`, { preloadedState: signedInState() });

    const mine = await screen.findByRole('article', { name: 'Claire M.' });
    // Their own reviews are not theirs to report; the old one can no longer be edited.
    expect(within(mine).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    expect(within(reviewBy('Claire M. (old)')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const form = within(mine).getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '4 stars – very good' })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: '3 stars – good' }));
    const text = within(form).getByRole('textbox', { name: 'Your review' });
    await user.clear(text);
    await user.type(text, 'Gut, aber die Abholung war spät.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(mine).findByText('Gut, aber die Abholung war spät.')).toBeInTheDocument();
    expect(within(mine).getByText('Rated 3 out of 5')).toBeInTheDocument();
    expect(calls).toContainEqual({
      call: 'PATCH rev-1',
      body: { rating: 3, text: 'Gut, aber die Abholung war spät.' },
    });
  });
});
