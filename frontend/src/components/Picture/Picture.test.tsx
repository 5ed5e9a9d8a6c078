import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Picture, srcSetOf } from '@/components/Picture/Picture';

const WEBP = [
  { url: '/images/products/a/1/card-320.webp', width: 320, height: 240 },
  { url: '/images/products/a/1/card.webp', width: 640, height: 480 },
];

describe('Picture', () => {
  it('offers the WebP renditions as a srcset with sizes, the JPEG as the fallback', () => {
    const { container } = render(
      <Picture
        src="/images/products/a/1/card.jpg"
        webp={WEBP}
        sizes="(min-width: 500px) 50vw, 100vw"
        width={640}
        height={480}
        alt=""
      />,
    );
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(
      '/images/products/a/1/card-320.webp 320w, /images/products/a/1/card.webp 640w',
    );
    expect(source?.getAttribute('sizes')).toBe('(min-width: 500px) 50vw, 100vw');
    const img = container.querySelector('picture > source + img');
    expect(img?.getAttribute('src')).toBe('/images/products/a/1/card.jpg');
    expect(img?.getAttribute('width')).toBe('640');
    expect(img?.getAttribute('height')).toBe('480');
  });

  it.each([
    { priority: false, loading: 'lazy', fetchpriority: null, decoding: 'async' },
    { priority: true, loading: 'eager', fetchpriority: 'high', decoding: null },
  ])(
    'priority $priority: loading $loading, fetchpriority $fetchpriority',
    ({ priority, loading, fetchpriority, decoding }) => {
      const { container } = render(
        <Picture src="/a.jpg" webp={WEBP} sizes="100vw" width={640} height={480} alt="" priority={priority} />,
      );
      const img = container.querySelector('img');
      expect(img?.getAttribute('loading')).toBe(loading);
      expect(img?.getAttribute('fetchpriority')).toBe(fetchpriority);
      expect(img?.getAttribute('decoding')).toBe(decoding);
    },
  );

  it.each([{ webp: undefined }, { webp: [] }])('is the JPEG alone without WebP renditions ($webp)', ({ webp }) => {
    const { container } = render(
      <Picture src="/a-card.jpg" webp={webp} sizes="100vw" width={640} height={480} alt="" />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/a-card.jpg');
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy');
  });

  it('writes srcsets in the order given, with width descriptors', () => {
    expect(srcSetOf([])).toBe('');
    expect(
      srcSetOf([
        { url: '/x-800.webp', width: 534, height: 800 },
        { url: '/x.webp', width: 1067, height: 1600 },
      ]),
    ).toBe('/x-800.webp 534w, /x.webp 1067w');
  });
});
