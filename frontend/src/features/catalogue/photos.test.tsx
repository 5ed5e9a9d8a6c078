import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { GALLERY_SIZES } from '@/features/catalogue/Gallery';
import { CARD_SIZES } from '@/features/catalogue/ResultCard';
import { card, productDetail } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** A card whose photo has WebP renditions, as the API sends an image processed with them. */
function webpCard(n: number) {
  const folder = `/images/products/ad${n}/img${n}/`;
  return card({
    id: `01JCARD000000000000000000${n}`,
    title: `Annonce ${n}`,
    imageUrl: `${folder}card.jpg`,
    imageWebp: [
      { url: `${folder}card-320.webp`, width: 320, height: 240 },
      { url: `${folder}card.webp`, width: 640, height: 480 },
    ],
  });
}

/** The photo (img) of the card whose title links as `title`. */
async function cardPhoto(title: string): Promise<HTMLImageElement> {
  const link = await screen.findByRole('link', { name: title });
  const img = link.closest('article')?.querySelector('img');
  if (!img) throw new Error(`the card ${title} has no photo`);
  return img;
}

/** The img inside `parent`; fails the test when there is none. */
function imgIn(parent: Element | undefined): HTMLImageElement {
  const img = parent?.tagName === 'IMG' ? parent : parent?.querySelector('img');
  if (!(img instanceof HTMLImageElement)) throw new Error('no photo there');
  return img;
}

function expectPriority(img: HTMLImageElement, priority: boolean) {
  expect(img.getAttribute('loading')).toBe(priority ? 'eager' : 'lazy');
  expect(img.getAttribute('fetchpriority')).toBe(priority ? 'high' : null);
}

function webpSource(img: HTMLImageElement) {
  const source = img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelector('source') : null;
  return {
    srcset: source?.getAttribute('srcset'),
    sizes: source?.getAttribute('sizes'),
    type: source?.getAttribute('type'),
  };
}

describe('card photos', () => {
  it('home: the first recent card loads at once with high priority, the others lazily, from WebP srcsets', async () => {
    server.use(
      http.get(`${API}/products`, () => HttpResponse.json({ items: [webpCard(1), webpCard(2), webpCard(3)] })),
    );
    await renderApp('/fr/');

    const first = await cardPhoto('Annonce 1');
    expectPriority(first, true);
    expectPriority(await cardPhoto('Annonce 2'), false);
    expectPriority(await cardPhoto('Annonce 3'), false);
    expect(first.getAttribute('src')).toBe('/images/products/ad1/img1/card.jpg');
    expect(first.getAttribute('width')).toBe('640');
    expect(first.getAttribute('height')).toBe('480');
    expect(webpSource(first)).toEqual({
      srcset: '/images/products/ad1/img1/card-320.webp 320w, /images/products/ad1/img1/card.webp 640w',
      sizes: CARD_SIZES.page,
      type: 'image/webp',
    });
  });

  it('list: the first result loads at once, sized for the results column beside the filters', async () => {
    server.use(http.get(`${API}/products`, () => HttpResponse.json({ items: [webpCard(1), webpCard(2)] })));
    await renderApp('/fr/products');

    const first = await cardPhoto('Annonce 1');
    expectPriority(first, true);
    expectPriority(await cardPhoto('Annonce 2'), false);
    expect(webpSource(first).sizes).toBe(CARD_SIZES.results);
  });

  it('a photo processed before WebP renditions is its JPEG alone', async () => {
    server.use(http.get(`${API}/products`, () => HttpResponse.json({ items: [card({ title: 'Ancienne annonce' })] })));
    await renderApp('/fr/products');

    const img = await cardPhoto('Ancienne annonce');
    expect(img.parentElement?.tagName).not.toBe('PICTURE');
    expect(img.getAttribute('src')).toBe('/images/products/a/1-card.jpg');
    expectPriority(img, true);
  });

  it('similar ads below a product are lazy', async () => {
    server.use(
      http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: [webpCard(2)] })),
      http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${API}/products/:id`, () => HttpResponse.json(productDetail())),
    );
    await renderApp('/fr/product/01JCARD0000000000000000001');
    expectPriority(await cardPhoto('Annonce 2'), false);
  });
});

describe('gallery photos', () => {
  const folder = '/images/products/ad/img1/';
  const detail = productDetail({
    images: [
      {
        id: 'img1',
        state: 'ready',
        main: true,
        thumbUrl: `${folder}thumb.jpg`,
        cardUrl: `${folder}card.jpg`,
        largeUrl: `${folder}large.jpg`,
        width: 1200,
        height: 1600,
        thumbWebp: [{ url: `${folder}thumb.webp`, width: 240, height: 180 }],
        cardWebp: [
          { url: `${folder}card-320.webp`, width: 320, height: 240 },
          { url: `${folder}card.webp`, width: 640, height: 480 },
        ],
        largeWebp: [
          { url: `${folder}large-800.webp`, width: 600, height: 800 },
          { url: `${folder}large.webp`, width: 1200, height: 1600 },
        ],
      },
      {
        id: 'img0',
        state: 'ready',
        main: false,
        thumbUrl: '/images/products/ad/img0-thumb.jpg',
        cardUrl: '/images/products/ad/img0-card.jpg',
        largeUrl: '/images/products/ad/img0-large.jpg',
        width: 1600,
        height: 1200,
      },
    ],
  });

  it('shows the main photo at once, with high priority, from the large WebP srcset; thumbnails lazily', async () => {
    server.use(
      http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: [] })),
      http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${API}/products/:id`, () => HttpResponse.json(detail)),
    );
    const { user } = await renderApp('/fr/product/01JCARD0000000000000000001');

    const link = await screen.findByRole('link', { name: /ouvre la grande photo/ });
    const large = imgIn(link);
    expectPriority(large, true);
    expect(large.getAttribute('src')).toBe(`${folder}large.jpg`);
    expect([large.getAttribute('width'), large.getAttribute('height')]).toEqual(['1200', '1600']);
    expect(webpSource(large)).toEqual({
      srcset: `${folder}large-800.webp 600w, ${folder}large.webp 1200w`,
      sizes: GALLERY_SIZES,
      type: 'image/webp',
    });

    const thumbs = screen.getByRole('toolbar').querySelectorAll('img');
    expect(thumbs).toHaveLength(2);
    thumbs.forEach((thumb) => {
      expectPriority(thumb, false);
    });
    expect(webpSource(imgIn(thumbs[0])).srcset).toBe(`${folder}thumb.webp 240w`);
    expect(thumbs[1]?.parentElement?.tagName).toBe('BUTTON'); // no WebP: the JPEG alone

    // The second photo, from before WebP renditions: its JPEG, still the priority picture.
    await user.click(screen.getByRole('button', { name: 'Photo 2 sur 2' }));
    await waitFor(() => {
      expect(link.querySelector('img')?.getAttribute('src')).toBe('/images/products/ad/img0-large.jpg');
    });
    const second = imgIn(link);
    expect(second.parentElement?.tagName).not.toBe('PICTURE');
    expectPriority(second, true);
  });
});
