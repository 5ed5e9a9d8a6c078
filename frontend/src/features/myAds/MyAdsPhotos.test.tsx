import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, signedInState, signIn } from '@/testing/handlers';
import { CATEGORIES, myAd, sellerSubscription } from '@/testing/myAds';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('user/products: the ads\u2019 photos', () => {
  it('shows each row\u2019s card as a small lazy picture, from its narrow WebP rendition when it has one', async () => {
    const folder = '/images/products/ad1/img1/';
    server.use(
      http.get(`${API}/categories`, () => HttpResponse.json({ items: CATEGORIES })),
      http.get(`${API}/subscriptions/me`, () => HttpResponse.json({ current: sellerSubscription(), history: [] })),
      http.get(`${API}/products/mine`, () =>
        HttpResponse.json({
          items: [
            myAd({
              imageUrl: `${folder}card.jpg`,
              imageWebp: [
                { url: `${folder}card-320.webp`, width: 320, height: 240 },
                { url: `${folder}card.webp`, width: 640, height: 480 },
              ],
            }),
            myAd({ id: 'ad2', title: 'Perceuse Hilti', imageUrl: '/images/products/ad2/img2-card.jpg' }),
          ],
        }),
      ),
    );
    signIn();
    await renderApp('/fr/user/products', { preloadedState: signedInState() });

    const row = (await screen.findByText('Parquet chêne 40 m²')).closest('tr');
    const img = row?.querySelector('img');
    expect(img?.getAttribute('src')).toBe(`${folder}card.jpg`);
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['64', '48']);
    const source = img?.parentElement?.querySelector('source');
    expect(source?.getAttribute('srcset')).toBe(`${folder}card-320.webp 320w, ${folder}card.webp 640w`);
    expect(source?.getAttribute('sizes')).toBe('4rem');

    const older = screen.getByText('Perceuse Hilti').closest('tr')?.querySelector('img');
    expect(older?.getAttribute('src')).toBe('/images/products/ad2/img2-card.jpg');
    expect(older?.closest('picture')).toBeNull();
  });
});
