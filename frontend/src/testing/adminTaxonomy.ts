import { http, HttpResponse } from 'msw';
import type { AdminBrand, AdminCategory, ContactUsMessage } from '@/contract/schema.gen';
import { API } from '@/testing/handlers';
import { CATEGORY_NAMES } from '@/testing/reference';

/** A small tree as `GET /admin/categories` sends it: parents followed by their children. */
export function categoriesFixture(): AdminCategory[] {
  return [
    {
      slug: 'building-materials',
      parent: null,
      sortOrder: 10,
      names: CATEGORY_NAMES['building-materials'],
      hidden: false,
      activeAds: 12,
    },
    {
      slug: 'roofing',
      parent: 'building-materials',
      sortOrder: 70,
      names: CATEGORY_NAMES.roofing,
      hidden: false,
      activeAds: 5,
    },
    {
      slug: 'tools',
      parent: null,
      sortOrder: 160,
      names: CATEGORY_NAMES.tools,
      hidden: true,
      activeAds: 0,
    },
  ];
}

export function brandsFixture(): AdminBrand[] {
  return [
    { slug: 'bosch', name: 'Bosch', activeAds: 4 },
    { slug: 'karcher', name: 'Kärcher', activeAds: 1 },
    { slug: 'makita', name: 'Makita', activeAds: 0 },
  ];
}

/** One request the back office made: "METHOD path?query" and its JSON body. */
export interface Call {
  call: string;
  body?: unknown;
}

async function recordOf(request: Request): Promise<Call> {
  const url = new URL(request.url);
  const body =
    request.method === 'GET' || request.method === 'DELETE' ? undefined : ((await request.json()) as unknown);
  return {
    call: `${request.method} ${url.pathname.replace('/api/v1', '')}${url.search}`,
    ...(body !== undefined && { body }),
  };
}

function apiError(status: number, code: string, fields?: Record<string, string>) {
  return HttpResponse.json({ error: { code, message: code, ...(fields && { fields }) } }, { status });
}

/**
 * Stateful `/admin/categories` and `/admin/brands` handlers: changes are kept, so a refetch shows
 * them. `refuse` makes the next write with that "METHOD path" answer the given error instead.
 */
export function taxonomyApi() {
  let categories = categoriesFixture();
  let brands = brandsFixture();
  const calls: Call[] = [];
  const refusals = new Map<string, { status: number; code: string; fields?: Record<string, string> }>();
  const refused = (call: Call) => {
    const key = call.call.split('?')[0] ?? '';
    const refusal = refusals.get(key);
    if (refusal === undefined) return null;
    refusals.delete(key);
    return apiError(refusal.status, refusal.code, refusal.fields);
  };
  const handlers = [
    http.get(`${API}/admin/categories`, () => HttpResponse.json({ items: categories })),
    http.post(`${API}/admin/categories`, async ({ request }) => {
      const call = await recordOf(request);
      calls.push(call);
      const failure = refused(call);
      if (failure) return failure;
      const body = call.body as { slug?: string; parent?: string; sortOrder?: number; names: AdminCategory['names'] };
      const created: AdminCategory = {
        slug: body.slug ?? (body.names.en ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        parent: body.parent ?? null,
        sortOrder: body.sortOrder ?? 999,
        names: body.names,
        hidden: false,
      };
      categories = [...categories, { ...created, activeAds: 0 }];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${API}/admin/categories/:slug`, async ({ request, params }) => {
      const call = await recordOf(request);
      calls.push(call);
      const failure = refused(call);
      if (failure) return failure;
      const body = call.body as Partial<AdminCategory> & { names?: AdminCategory['names'] };
      categories = categories.map((c) =>
        c.slug === params.slug
          ? {
              ...c,
              ...(body.hidden !== undefined && { hidden: body.hidden }),
              ...(body.sortOrder !== undefined && { sortOrder: body.sortOrder }),
              ...(body.parent !== undefined && { parent: body.parent === '' ? null : body.parent }),
              names: { ...c.names, ...body.names },
            }
          : c,
      );
      return HttpResponse.json(categories.find((c) => c.slug === params.slug));
    }),
    http.delete(`${API}/admin/categories/:slug`, async ({ request, params }) => {
      const call = await recordOf(request);
      calls.push(call);
      const failure = refused(call);
      if (failure) return failure;
      categories = categories.filter((c) => c.slug !== params.slug);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/admin/brands`, () => HttpResponse.json({ items: brands })),
    http.post(`${API}/admin/brands`, async ({ request }) => {
      const call = await recordOf(request);
      calls.push(call);
      const failure = refused(call);
      if (failure) return failure;
      const { name } = call.body as { name: string };
      const created = { slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name };
      brands = [...brands, { ...created, activeAds: 0 }].sort((a, b) => a.name.localeCompare(b.name));
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${API}/admin/brands/:slug`, async ({ request, params }) => {
      const call = await recordOf(request);
      calls.push(call);
      const failure = refused(call);
      if (failure) return failure;
      const { name } = call.body as { name: string };
      brands = brands.map((b) => (b.slug === params.slug ? { ...b, name } : b));
      return HttpResponse.json({ slug: params.slug, name });
    }),
    http.delete(`${API}/admin/brands/:slug`, async ({ request, params }) => {
      const call = await recordOf(request);
      calls.push(call);
      const failure = refused(call);
      if (failure) return failure;
      brands = brands.filter((b) => b.slug !== params.slug);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return {
    handlers,
    calls,
    refuse(call: string, status: number, code: string, fields?: Record<string, string>) {
      refusals.set(call, { status, code, ...(fields && { fields }) });
    },
  };
}

/** A contact-us message as `GET /contact-us` sends it. */
export function contactMessage(overrides: Partial<ContactUsMessage> = {}): ContactUsMessage {
  return {
    id: 'm1',
    name: 'Anna Muster',
    email: 'anna@example.ch',
    subject: 'Question sur les tuiles',
    message: 'Bonjour,\nacceptez-vous les tuiles usagées ?',
    status: 'new',
    createdAt: '2026-11-20T08:00:00Z',
    handledAt: null,
    handledBy: null,
    ...overrides,
  };
}

/**
 * Stateful `/contact-us` handlers for the inbox: the list honours `?status=`, PATCH marks a message
 * handled by Ada Verwalterin or reopens it.
 */
export function contactUsInbox(messages: ContactUsMessage[]) {
  let items = messages;
  const calls: Call[] = [];
  const handlers = [
    http.get(`${API}/contact-us`, async ({ request }) => {
      calls.push(await recordOf(request));
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json({
        items: items.filter((m) => status === null || m.status === status),
        nextCursor: null,
      });
    }),
    http.patch(`${API}/contact-us/:id`, async ({ request, params }) => {
      const call = await recordOf(request);
      calls.push(call);
      const { handled } = call.body as { handled: boolean };
      items = items.map((m) =>
        m.id === params.id
          ? {
              ...m,
              status: handled ? 'handled' : 'new',
              handledAt: handled ? '2026-11-22T13:05:00Z' : null,
              handledBy: handled ? { id: 'admin-1', name: 'Ada Verwalterin', email: 'ada@example.ch' } : null,
            }
          : m,
      );
      return HttpResponse.json(items.find((m) => m.id === params.id));
    }),
  ];
  return { handlers, calls };
}
