import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as limits from '@/contract/limits.gen';
import { RATINGS } from '@/features/reviews/ReviewFields';
import { productDetail } from '@/testing/catalogue';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { review, SELLER_ID, sellerProfile } from '@/testing/reviews';
import { server } from '@/testing/server';

const AD_ID = '01JCARD0000000000000000001';

/** The ad page's calls (the ad, its similar ads, the view counter) and the seller's profile. */
function adPage(detail = productDetail()) {
  server.use(
    http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: [] })),
    http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${API}/products/:id`, () => HttpResponse.json(detail)),
    http.get(`${API}/sellers/:id`, () => HttpResponse.json(sellerProfile())),
  );
}

/** `GET /reviews/eligibility` answers `answer`; records the ad ids asked about. */
function eligibility(answer: Record<string, unknown>) {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/reviews/eligibility`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('adId') ?? '');
      return HttpResponse.json(answer);
    }),
  );
  return asked;
}

describe('the seller block on the ad page', () => {
  it('shows the seller’s rating in words and links to their profile', async () => {
    adPage();
    const { user, probe } = await renderApp(`/en/product/${AD_ID}`);
    const seller = await screen.findByRole('region', { name: 'Seller' });
    expect(await within(seller).findByText('★ 4.5 (12)')).toHaveAttribute('aria-hidden', 'true');
    expect(within(seller).getByText('4.5 out of 5 (12 reviews)')).toHaveClass('visually-hidden');
    const link = within(seller).getByRole('link', { name: 'See the seller’s profile' });
    expect(link).toHaveAttribute('href', `/en/seller/${SELLER_ID}`);

    server.use(
      http.get(`${API}/sellers/:id/ads`, () => HttpResponse.json({ items: [], nextCursor: null })),
      http.get(`${API}/sellers/:id/reviews`, () =>
        HttpResponse.json({ items: [], nextCursor: null, rating: { average: 4.5, count: 12 } }),
      ),
    );
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Muster Bau AG' })).toBeInTheDocument();
    expect(probe.location.pathname).toBe(`/en/seller/${SELLER_ID}`);
  });
});

describe('rate this seller', () => {
  it('offers every rating the server accepts, one star apart', () => {
    const { minimum, maximum } = limits.ReviewInput.rating;
    expect(RATINGS).toEqual(Array.from({ length: maximum - minimum + 1 }, (_, i) => minimum + i));
  });

  it('is not offered to visitors nor to the seller, who are not asked about', async () => {
    adPage();
    const asked = eligibility({ canReview: true });
    const { unmount } = await renderApp(`/en/product/${AD_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dachziegel Biberschwanz' })).toBeInTheDocument();
    await screen.findByText('★ 4.5 (12)');
    expect(screen.queryByRole('heading', { name: 'Rate this seller' })).not.toBeInTheDocument();
    unmount();

    adPage(productDetail({ canEdit: true, seller: { ...productDetail().seller, id: TEST_USER.id } }));
    signIn();
    await renderApp(`/en/product/${AD_ID}`, { preloadedState: signedInState() });
    await screen.findByText(/This is your ad/);
    expect(screen.queryByRole('heading', { name: 'Rate this seller' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('checks the form, publishes the review and shows it', async () => {
    adPage();
    const asked = eligibility({ canReview: true });
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/reviews`, async ({ request }) => {
        const body = (await request.json()) as { rating: number; text: string };
        bodies.push(body);
        return HttpResponse.json(review({ ...body, id: 'rev-new', authorName: 'Anna M.', mine: true }), {
          status: 201,
        });
      }),
    );
    signIn();
    const { user } = await renderApp(`/en/product/${AD_ID}`, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Rate this seller' });
    expect(asked).toEqual([AD_ID]);

    // Nothing filled in: both fields say what is missing, focus goes to the rating.
    await user.click(within(section).getByRole('button', { name: 'Publish review' }));
    expect(within(section).getAllByText('Required field')).toHaveLength(2);
    expect(within(section).getByRole('radio', { name: '1 star – poor' })).toHaveFocus();

    const group = within(section).getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(group).getByRole('radio', { name: '4 stars – very good' }));
    const text = within(section).getByRole('textbox', { name: 'Your review' });
    await user.type(text, 'Top');
    expect(within(section).getByText('3 / 2000 characters (at least 10)')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Publish review' }));
    expect(within(section).getByText('This text is too short')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(text, ', gerne wieder bei diesem Verkäufer.');
    await user.click(within(section).getByRole('button', { name: 'Publish review' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Thank you! Your review has been published.');
    const published = within(section).getByRole('article', { name: 'Anna M.' });
    expect(within(published).getByText('Top, gerne wieder bei diesem Verkäufer.')).toBeInTheDocument();
    expect(within(published).getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(bodies).toEqual([{ adId: AD_ID, rating: 4, text: 'Top, gerne wieder bei diesem Verkäufer.' }]);
  });

  it('says when the server refuses because it is too early, with the date (German)', async () => {
    adPage();
    eligibility({ canReview: true });
    server.use(
      http.post(`${API}/reviews`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'review_not_eligible',
              message: 'you can review this seller from 2026-11-28T14:00:00Z',
              params: { reason: 'too_early', availableFrom: '2026-11-28T14:00:00Z' },
            },
          },
          { status: 403 },
        ),
      ),
    );
    signIn();
    const { user } = await renderApp(`/de/product/${AD_ID}`, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Diesen Verkäufer bewerten' });
    await user.click(within(section).getByRole('radio', { name: '5 Sterne – ausgezeichnet' }));
    await user.type(
      within(section).getByRole('textbox', { name: 'Ihr Kommentar' }),
      'Alles bestens, sehr zu empfehlen.',
    );
    await user.click(within(section).getByRole('button', { name: 'Bewertung veröffentlichen' }));
    // 14:00 UTC is 15:00 in Switzerland in November.
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      /^Sie können den Verkäufer ab dem 28\.11\.2026,? 15:00 bewerten\.$/,
    );
  });

  it('shows the server’s field errors', async () => {
    adPage();
    eligibility({ canReview: true });
    server.use(
      http.post(`${API}/reviews`, () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'validation failed', fields: { text: 'too_long' } } },
          { status: 400 },
        ),
      ),
    );
    signIn();
    const { user } = await renderApp(`/en/product/${AD_ID}`, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Rate this seller' });
    await user.click(within(section).getByRole('radio', { name: '2 stars – fair' }));
    const text = within(section).getByRole('textbox', { name: 'Your review' });
    await user.type(text, 'Lange Geschichte, kurz erzählt.');
    await user.click(within(section).getByRole('button', { name: 'Publish review' }));
    expect(await within(section).findByText('This text is too long')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveFocus();
  });

  it.each([
    [{ canReview: false, reason: 'not_contacted' }, 'You can rate the seller after contacting them about this ad.'],
    [
      { canReview: false, reason: 'too_early', availableFrom: '2026-11-28T14:00:00Z' },
      /^You can rate the seller from 28\.11\.2026,? 15:00\.$/,
    ],
  ])('explains why a buyer cannot rate yet (%o)', async (answer, text) => {
    adPage();
    eligibility(answer);
    signIn();
    await renderApp(`/en/product/${AD_ID}`, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Rate this seller' });
    await waitFor(() => {
      expect(section.querySelector('p')).toHaveTextContent(text);
    });
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('links to the profile when the buyer has already rated the seller for this ad', async () => {
    adPage();
    eligibility({ canReview: false, reason: 'already_reviewed', reviewId: 'rev-1' });
    signIn();
    await renderApp(`/en/product/${AD_ID}`, { preloadedState: signedInState() });
    const section = await screen.findByRole('region', { name: 'Rate this seller' });
    expect(section).toHaveTextContent('You have already rated this seller for this ad.');
    expect(within(section).getByRole('link', { name: 'See your review on the seller’s profile' })).toHaveAttribute(
      'href',
      `/en/seller/${SELLER_ID}`,
    );
  });
});
