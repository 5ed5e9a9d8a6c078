import { createAction } from '@reduxjs/toolkit';
import { defaultSerializeQueryArgs } from '@reduxjs/toolkit/query';
import { parseSettings } from '@/lib/settings';
import { cursorFromSearchParams, searchParamsToCriteria } from '@/lib/searchCriteria';
import { PAGE_SIZE, searchQueryString, type SearchArgs } from '@/lib/searchQuery';

/**
 * The data a page arrives with. The server (functions/pages) inlines the API answers the first
 * render needs into `<script id="remat-boot" type="application/json">`, keyed by their path under
 * `/api/v1/` with the query the SPA sends ("settings", "products/<id>", "products?limit=8"). Here
 * they become RTK Query cache entries (its rehydration), so the page renders at once and asks the
 * API for none of them. An entry is used only when the SPA would send exactly that request.
 */
export const BOOT_ELEMENT_ID = 'remat-boot';

interface Tag {
  type: string;
  id?: string;
}

interface QueryEntry {
  status: 'fulfilled';
  endpointName: string;
  requestId: string;
  originalArgs: unknown;
  data: unknown;
  startedTimeStamp: number;
  fulfilledTimeStamp: number;
}

/** The part of RTK Query's state its rehydration reads. */
export interface BootState {
  queries: Record<string, QueryEntry>;
  mutations: Record<string, never>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, Tag[]> };
}

/** Dispatched once, before the first render; `api` takes its payload as rehydration info. */
export const bootHydrate = createAction<BootState>('boot/hydrate');

/** One inlined answer as the endpoint that asks for it, or undefined when no endpoint does. */
interface Mapped {
  endpointName: string;
  args: unknown;
  data: unknown;
  tags: Tag[];
}

const PRODUCT_PATH = /^products\/([^/?]+)$/;
const CATEGORIES_TAG: Tag = { type: 'Product', id: 'CATEGORIES' };

function items(raw: unknown): unknown[] | undefined {
  const list = (raw as { items?: unknown } | null)?.items;
  return Array.isArray(list) ? list : undefined;
}

function sortedQuery(query: string): string {
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
}

function mapEntry(path: string, raw: unknown, signedIn: boolean): Mapped[] {
  if (path === 'settings') {
    return [{ endpointName: 'getSettings', args: undefined, data: parseSettings(raw), tags: [{ type: 'Settings' }] }];
  }
  if (path === 'categories') {
    const list = items(raw);
    if (!list) return [];
    const counts = (raw as { counts?: unknown }).counts;
    return [
      { endpointName: 'getCategories', args: undefined, data: list, tags: [CATEGORIES_TAG] },
      {
        endpointName: 'getCategoryCounts',
        args: undefined,
        data: typeof counts === 'object' && counts !== null ? counts : {},
        tags: [CATEGORIES_TAG],
      },
    ];
  }
  const product = PRODUCT_PATH.exec(path)?.[1];
  // An ad as an anonymous visitor sees it: its owner and administrators get more (canEdit, every
  // photo, the clicks), so a signed-in visitor asks for it.
  if (product !== undefined && !signedIn) {
    const id = decodeURIComponent(product);
    return [{ endpointName: 'getProduct', args: id, data: raw, tags: [{ type: 'Product', id }] }];
  }
  if (path.startsWith('products?')) {
    const query = path.slice('products?'.length);
    const params = new URLSearchParams(query);
    const limit = Number(params.get('limit'));
    const cursor = cursorFromSearchParams(params);
    const args: SearchArgs = { criteria: searchParamsToCriteria(params), ...(cursor !== undefined && { cursor }) };
    if (limit !== PAGE_SIZE) args.limit = limit;
    // Only when the SPA would send this very query for these arguments.
    if (!Number.isInteger(limit) || sortedQuery(searchQueryString(args)) !== sortedQuery(query)) return [];
    const list = items(raw);
    if (!list) return [];
    const tags: Tag[] = [{ type: 'Product', id: 'LIST' }];
    for (const card of list) {
      const id = (card as { id?: unknown }).id;
      if (typeof id === 'string') tags.push({ type: 'Product', id });
    }
    return [{ endpointName: 'searchProducts', args, data: raw, tags }];
  }
  return [];
}

/**
 * Reads the inlined data of `doc` into RTK Query's rehydration shape; undefined when none. The
 * server inlines what an anonymous visitor gets: with `signedIn`, the answers that depend on the
 * viewer are left out.
 */
export function readBoot(doc: Document, { signedIn = false, now = Date.now() } = {}): BootState | undefined {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  let api: Record<string, unknown>;
  try {
    const parsed = JSON.parse(element.textContent) as { api?: unknown };
    if (typeof parsed.api !== 'object' || parsed.api === null) return undefined;
    api = parsed.api as Record<string, unknown>;
  } catch {
    return undefined; // a broken block only costs the requests it would have saved
  }
  const state: BootState = { queries: {}, mutations: {}, provided: { tags: {}, keys: {} } };
  for (const [path, raw] of Object.entries(api)) {
    for (const entry of mapEntry(path, raw, signedIn)) {
      const key = defaultSerializeQueryArgs({
        endpointName: entry.endpointName,
        queryArgs: entry.args,
        endpointDefinition: undefined as never,
      });
      state.queries[key] = {
        status: 'fulfilled',
        endpointName: entry.endpointName,
        requestId: `boot-${key}`,
        originalArgs: entry.args,
        data: entry.data,
        startedTimeStamp: now,
        fulfilledTimeStamp: now,
      };
      state.provided.keys[key] = entry.tags;
      for (const tag of entry.tags) {
        const byId = (state.provided.tags[tag.type] ??= {});
        (byId[tag.id ?? '__internal_without_id'] ??= []).push(key);
      }
    }
  }
  return Object.keys(state.queries).length > 0 ? state : undefined;
}
