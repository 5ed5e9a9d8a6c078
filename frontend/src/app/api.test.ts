import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, REQUEST_TIMEOUT_MS, TAG_TYPES } from '@/app/api';
import { referenceApi } from '@/app/referenceApi';
import { makeStore } from '@/app/store';
import { contactUsApi } from '@/features/contactUs/api';
import { reviewsApi } from '@/features/reviews/api';
import { API } from '@/testing/handlers';
import { review, SELLER_ID, sellerProfile } from '@/testing/reviews';
import { server } from '@/testing/server';

function captureSettingsRequest() {
  const seen: { url?: string; authorization?: string | null } = {};
  server.use(
    http.get(`${API}/settings`, ({ request }) => {
      seen.url = request.url;
      seen.authorization = request.headers.get('authorization');
      return HttpResponse.json({});
    }),
  );
  return seen;
}

describe('the API slice', () => {
  it('declares exactly the cache tags of the specification, plus Wishlist and SavedSearches', () => {
    expect(TAG_TYPES).toEqual([
      'User',
      'Product',
      'Subscription',
      'SubscriptionPlan',
      'Payment',
      'Reviews',
      'Contact',
      'Report',
      'Settings',
      'ContactUs',
      'Wishlist',
      'SavedSearches',
    ]);
    expect(api.reducerPath).toBe('api');
    expect(REQUEST_TIMEOUT_MS).toBe(15000);
  });

  it('calls /api/v1 without Authorization when there is no token cookie', async () => {
    const seen = captureSettingsRequest();
    const store = makeStore();
    await store.dispatch(referenceApi.endpoints.getSettings.initiate(undefined));
    expect(seen.url).toBe(`${window.location.origin}/api/v1/settings`);
    expect(seen.authorization).toBeNull();
  });

  it('sends the token cookie as a bearer token', async () => {
    document.cookie = 'token=eyJhbGciOi.payload.sig; Path=/';
    const seen = captureSettingsRequest();
    const store = makeStore();
    await store.dispatch(referenceApi.endpoints.getSettings.initiate(undefined));
    expect(seen.authorization).toBe('Bearer eyJhbGciOi.payload.sig');
  });

  it('keeps unused data for 60 seconds', () => {
    const store = makeStore();
    expect(store.getState().api.config.keepUnusedDataFor).toBe(60);
  });

  it('settings provide the Settings tag; the contact mutation invalidates ContactUs', async () => {
    const store = makeStore();
    await store.dispatch(referenceApi.endpoints.getSettings.initiate(undefined));
    expect(store.getState().api.provided.tags.Settings).toBeDefined();

    let settingsCalls = 0;
    server.use(
      http.get(`${API}/settings`, () => {
        settingsCalls++;
        return HttpResponse.json({});
      }),
    );
    const sub = store.dispatch(referenceApi.endpoints.getSettings.initiate(undefined));
    await store.dispatch(
      contactUsApi.endpoints.sendContactMessage.initiate({ name: 'a', email: 'a@b.ch', subject: 's', message: 'm' }),
    );
    // ContactUs is not Settings: the cached settings are not refetched.
    expect(settingsCalls).toBe(0);
    store.dispatch(api.util.invalidateTags(['Settings']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settingsCalls).toBe(1);
    sub.unsubscribe();
  });

  it('a published review refreshes the seller’s profile (the Reviews tag), not other sellers’', async () => {
    const fetched: string[] = [];
    server.use(
      http.get(`${API}/sellers/:id`, ({ params }) => {
        fetched.push(String(params.id));
        return HttpResponse.json(sellerProfile({ id: String(params.id) }));
      }),
      http.post(`${API}/reviews`, () => HttpResponse.json(review(), { status: 201 })),
    );
    const store = makeStore();
    const seller = store.dispatch(reviewsApi.endpoints.getSeller.initiate(SELLER_ID));
    const other = store.dispatch(reviewsApi.endpoints.getSeller.initiate('OTHER'));
    await Promise.all([seller, other]);
    expect(store.getState().api.provided.tags.Reviews).toBeDefined();

    await store.dispatch(
      reviewsApi.endpoints.createReview.initiate({ adId: 'ad-1', rating: 5, text: 'Alles bestens, danke.' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched.filter((id) => id === SELLER_ID)).toHaveLength(2);
    expect(fetched.filter((id) => id === 'OTHER')).toHaveLength(1);
    seller.unsubscribe();
    other.unsubscribe();
  });
});
