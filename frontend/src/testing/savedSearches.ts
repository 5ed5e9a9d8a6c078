import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';

/** The API base as the app resolves it under jsdom (the same as handlers.ts's API). */
const API = `${window.location.origin}/api/v1`;

/** A saved search as the API sends it; override any field. */
export function savedSearch(overrides: Record<string, unknown> = {}) {
  return {
    id: '01JSEARCH0000000000000001',
    name: 'tuiles',
    params: 'q=tuiles&category=roofing&location=8001&radius=20',
    place: '8001 Zürich',
    frequency: 'daily',
    paused: false,
    createdAt: '2026-11-20T10:00:00Z',
    lastSentAt: '2026-11-22T07:00:00Z',
    ...overrides,
  } as {
    id: string;
    name: string;
    params: string;
    place?: string;
    frequency: 'instant' | 'daily';
    paused: boolean;
    createdAt: string;
    lastSentAt?: string;
  };
}

export type SavedSearchFixture = ReturnType<typeof savedSearch>;

/** One recorded call: method, path and JSON body (if any). */
export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * Saved searches held in memory behind `/saved-searches`: GET lists them (max 20), POST adds one,
 * PATCH changes one, DELETE removes one; `answer`, when given, answers a call instead (return
 * undefined to let the default happen). Records every call.
 */
export function mockSavedSearches(
  initial: SavedSearchFixture[] = [],
  answer?: (call: Call) => Response | undefined,
): Call[] {
  let items = [...initial];
  const calls: Call[] = [];
  const notFound = () =>
    HttpResponse.json({ error: { code: 'saved_search_not_found', message: 'not found' } }, { status: 404 });
  server.use(
    http.get(`${API}/saved-searches`, () => {
      calls.push({ method: 'GET', path: 'saved-searches' });
      return HttpResponse.json({ items, max: 20 });
    }),
    http.post(`${API}/saved-searches`, async ({ request }) => {
      const body = (await request.json()) as { name: string; params: string; frequency: 'instant' | 'daily' };
      const call = { method: 'POST', path: 'saved-searches', body };
      calls.push(call);
      const answered = answer?.(call);
      if (answered) return answered;
      const created = savedSearch({ id: `01JNEW${String(calls.length)}`, ...body, lastSentAt: undefined });
      items = [created, ...items];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${API}/saved-searches/:id`, async ({ params, request }) => {
      const body = (await request.json()) as Partial<SavedSearchFixture>;
      const call = { method: 'PATCH', path: `saved-searches/${String(params.id)}`, body };
      calls.push(call);
      const answered = answer?.(call);
      if (answered) return answered;
      const found = items.find((item) => item.id === params.id);
      if (!found) return notFound();
      const changed = { ...found, ...body };
      items = items.map((item) => (item.id === params.id ? changed : item));
      return HttpResponse.json(changed);
    }),
    http.delete(`${API}/saved-searches/:id`, ({ params }) => {
      const call = { method: 'DELETE', path: `saved-searches/${String(params.id)}` };
      calls.push(call);
      const answered = answer?.(call);
      if (answered) return answered;
      if (!items.some((item) => item.id === params.id)) return notFound();
      items = items.filter((item) => item.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}
