import { http, HttpResponse } from 'msw';
import { card } from '@/testing/catalogue';

/** The API base as the app resolves it under jsdom (the same as handlers.ts's API). */
const API = `${window.location.origin}/api/v1`;

/** A search card as the wish list sends it (`card`, with its image key); override any field. */
export function savedCard(overrides: Record<string, unknown> = {}) {
  return card({ thumbKey: 'images/products/a/1-card.jpg', ...overrides });
}

type Card = ReturnType<typeof savedCard>;

/** One item of `GET /wishlist`: the card of an ad on sale unless `state`/`card` say otherwise. */
export function favourite(
  adId: string,
  overrides: { title?: string; savedAt?: string; state?: string; card?: Card | null } = {},
) {
  const card = overrides.card === undefined ? savedCard({ id: adId }) : overrides.card;
  return {
    adId,
    title: overrides.title ?? card?.title ?? 'Saved ad',
    savedAt: overrides.savedAt ?? '2026-11-22T09:00:00Z',
    state: overrides.state ?? 'active',
    card,
  };
}

/**
 * A promise the test opens: a mocked answer that awaits it lets the test look at the screen
 * before the server has answered (optimistic updates).
 */
export function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** The default: nothing saved (the hearts of every signed-in test ask for the ids). */
export const favouritesHandlers = [http.get(`${API}/wishlist/ids`, () => HttpResponse.json({ ids: [] }))];
