import { afterEach, describe, expect, it } from 'vitest';
import { bootHydrate, BOOT_ELEMENT_ID, readBoot } from '@/app/boot';
import { referenceApi } from '@/app/referenceApi';
import { makeStore } from '@/app/store';
import { catalogueApi } from '@/features/catalogue/api';
import { card, CATEGORIES, productDetail } from '@/testing/catalogue';
import { server } from '@/testing/server';

const ID = '01JCARD0000000000000000001';

/** Puts the server's data block into the document, as functions/pages writes it. */
function inline(api: Record<string, unknown>, raw?: string) {
  const element = document.createElement('script');
  element.id = BOOT_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = raw ?? JSON.stringify({ api });
  document.head.append(element);
}

/** Counts the requests that reach the network (msw). */
function countRequests() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(new URL(request.url).pathname + new URL(request.url).search);
  };
  server.events.on('request:start', listener);
  return seen;
}

function hydratedStore() {
  const store = makeStore();
  const boot = readBoot(document);
  if (boot) store.dispatch(bootHydrate(boot));
  return store;
}

afterEach(() => {
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  server.events.removeAllListeners();
});

describe('boot data', () => {
  it('serves the inlined ad, settings, categories and searches without a request', async () => {
    const detail = productDetail();
    const results = { items: [card()] };
    inline({
      settings: { features: { payments: true } },
      categories: { items: CATEGORIES, counts: { timber: 4 } },
      [`products/${ID}`]: detail,
      'products?limit=8': results,
      'products?category=roofing&limit=24&q=ziegel': results,
    });
    const store = hydratedStore();
    const requests = countRequests();

    const product = await store.dispatch(catalogueApi.endpoints.getProduct.initiate(ID));
    expect(product.data).toEqual(detail);
    const settings = await store.dispatch(referenceApi.endpoints.getSettings.initiate(undefined));
    expect(settings.data?.features.payments).toBe(true);
    const categories = await store.dispatch(referenceApi.endpoints.getCategories.initiate(undefined));
    expect(categories.data).toEqual(CATEGORIES);
    // The home page's tiles read the counts of the same answer.
    const counts = await store.dispatch(referenceApi.endpoints.getCategoryCounts.initiate(undefined));
    expect(counts.data).toEqual({ timber: 4 });
    // The home page's listing and a list page, with the arguments their components pass.
    const home = await store.dispatch(catalogueApi.endpoints.searchProducts.initiate({ criteria: {}, limit: 8 }));
    expect(home.data).toEqual(results);
    const list = await store.dispatch(
      catalogueApi.endpoints.searchProducts.initiate({ criteria: { category: 'roofing', q: 'ziegel' } }),
    );
    expect(list.data).toEqual(results);

    expect(requests).toEqual([]);
  });

  it('keeps the tags, so an edit of the ad refreshes the inlined copy', () => {
    inline({ [`products/${ID}`]: productDetail() });
    const store = hydratedStore();
    const entries = catalogueApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Product', id: ID }]);
    expect(entries.map((e) => e.endpointName)).toEqual(['getProduct']);
  });

  it('leaves the ad out for a signed-in visitor, whose view of it may differ', () => {
    inline({ settings: {}, [`products/${ID}`]: productDetail() });
    const boot = readBoot(document, { signedIn: true });
    expect(Object.keys(boot?.queries ?? {})).toEqual(['getSettings(undefined)']);
    expect(Object.keys(readBoot(document)?.queries ?? {})).toEqual(['getSettings(undefined)', `getProduct("${ID}")`]);
  });

  it('ignores a search the SPA would not send as written, and a broken block', () => {
    inline({ 'products?limit=24&unknown=1': { items: [] }, 'products?limit=abc': { items: [] } });
    expect(readBoot(document)).toBeUndefined();
    document.getElementById(BOOT_ELEMENT_ID)?.remove();
    inline({}, '{"api": ');
    expect(readBoot(document)).toBeUndefined();
    document.getElementById(BOOT_ELEMENT_ID)?.remove();
    expect(readBoot(document)).toBeUndefined();
  });
});
