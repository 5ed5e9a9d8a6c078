import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { referenceApi } from '@/app/referenceApi';
import { makeStore } from '@/app/store';
import { adminApi } from '@/features/admin/api';
import { API } from '@/testing/handlers';
import { BRANDS } from '@/testing/reference';
import { server } from '@/testing/server';

type Store = ReturnType<typeof makeStore>;

/** Lets RTK Query run the refetches an invalidation started. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Counts the GETs of `path` the store makes. */
function countGets(path: string) {
  const seen = { count: 0 };
  server.use(
    http.get(`${API}/${path}`, () => {
      seen.count++;
      return HttpResponse.json(path === 'settings' ? {} : { items: path === 'brands' ? BRANDS : [] });
    }),
  );
  return seen;
}

describe('the reference data slice', () => {
  it.each<{
    name: string;
    path: string;
    read: (store: Store) => { unsubscribe: () => void };
    edit: (store: Store) => Promise<unknown>;
  }>([
    {
      name: 'a new category refreshes the categories',
      path: 'categories',
      read: (store) => store.dispatch(referenceApi.endpoints.getCategories.initiate(undefined)),
      edit: (store) => {
        server.use(http.post(`${API}/admin/categories`, () => HttpResponse.json({}, { status: 201 })));
        return store.dispatch(
          adminApi.endpoints.createCategory.initiate({
            names: { en: 'x', fr: 'x', de: 'x', it: 'x', sq: 'x' },
            hidden: false,
          }),
        );
      },
    },
    {
      name: 'a renamed brand refreshes the brands',
      path: 'brands',
      read: (store) => store.dispatch(referenceApi.endpoints.getBrands.initiate(undefined)),
      edit: (store) => {
        server.use(http.patch(`${API}/admin/brands/hilti`, () => HttpResponse.json({ slug: 'hilti', name: 'HILTI' })));
        return store.dispatch(adminApi.endpoints.renameBrand.initiate({ slug: 'hilti', name: 'HILTI' }));
      },
    },
    {
      name: 'saved site settings refresh the public settings',
      path: 'settings',
      read: (store) => store.dispatch(referenceApi.endpoints.getSettings.initiate(undefined)),
      edit: (store) => {
        server.use(http.put(`${API}/admin/settings`, () => HttpResponse.json({})));
        return store.dispatch(
          adminApi.endpoints.updateSiteSettings.initiate({
            notice: { enabled: false, level: 'info', text: {}, endsAt: null },
            signupsOpen: true,
            version: 1,
          }),
        );
      },
    },
  ])('$name (the back office invalidates the tag the read provides)', async ({ path, read, edit }) => {
    const gets = countGets(path);
    const store = makeStore();
    const subscription = read(store);
    await settle();
    expect(gets.count).toBe(1);

    await edit(store);
    await settle();
    expect(gets.count).toBe(2);
    subscription.unsubscribe();
  });

  it('shares one cache entry between every feature that reads a list', async () => {
    const gets = countGets('categories');
    const store = makeStore();
    const first = store.dispatch(referenceApi.endpoints.getCategories.initiate(undefined));
    const second = store.dispatch(referenceApi.endpoints.getCategories.initiate(undefined));
    await Promise.all([first, second]);
    expect(gets.count).toBe(1);
    first.unsubscribe();
    second.unsubscribe();
  });
});
