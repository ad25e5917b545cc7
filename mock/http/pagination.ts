import { arrayJson, entityJson } from './entity-json.js';
import { json, type MockResponse } from './respond.js';
import type { RouteContext } from './router.js';

/**
 * Offset pagination exactly as GitLab answers it (GITLAB-BEHAVIOR 0.4):
 * per_page 20 by default and at most 100; X-Total, X-Total-Pages, X-Per-Page,
 * X-Page, X-Next-Page, X-Prev-Page and a Link header with prev/next/first/last.
 * @module
 */

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** Above this count GitLab stops counting: no X-Total, X-Total-Pages or rel="last". */
export const MAX_COUNT = 10_000;

export interface PageRequest {
  page: number;
  per_page: number;
}

/** Clamps the requested page the way Kaminari does. */
export function normalizePage(request: PageRequest): PageRequest {
  const perPage = request.per_page < 1 ? DEFAULT_PER_PAGE : Math.min(request.per_page, MAX_PER_PAGE);
  return { page: Math.max(1, request.page), per_page: perPage };
}

/** How a list's page is written. */
export interface PageOptions {
  /**
   * Reuse the JSON text of each record's entity while the record presents the same (`entity-json.ts`):
   * for presenters that build a new entity on every call. The answer's bytes are the same either way.
   */
  reuseJson?: boolean;
}

/** The JSON text of a page of records: their entities as `JSON.stringify` writes the array. */
function pageJson<T>(records: readonly T[], present: (item: T) => unknown, options: PageOptions): string {
  if (!options.reuseJson) return JSON.stringify(records.map(present));
  const texts = new Array<string>(records.length);
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as T;
    texts[i] = entityJson(record as object, present(record));
  }
  return arrayJson(records[0] as object | undefined, texts);
}

/** A JSON answer whose body is already JSON text. */
const jsonText = (text: string, headers: Record<string, string>): MockResponse => ({
  status: 200,
  headers: { ...headers, 'content-type': 'application/json' },
  body: text,
});

/** Answers one page of `items` (already filtered and ordered), presenting only that page. */
export function paginated<T>(
  context: RouteContext,
  items: readonly T[],
  request: PageRequest,
  present: (item: T) => unknown,
  options: PageOptions = {},
): MockResponse {
  const { page, per_page } = normalizePage(request);
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / per_page));
  const body = pageJson(items.slice((page - 1) * per_page, page * per_page), present, options);
  const next = page < totalPages ? page + 1 : null;
  // Kaminari gives no previous page beyond the last one (out of range).
  const prev = page > 1 && page <= totalPages ? page - 1 : null;
  const counted = total <= MAX_COUNT;

  // The request's own parameters, on the configured host, with the page swapped in (built once, not per link).
  const kept = new URLSearchParams();
  for (const [key, value] of context.url.searchParams) {
    if (key !== 'page' && key !== 'per_page' && key !== 'private_token') kept.append(key, value);
  }
  // The request's URL is on the world's origin (the router checked), so no URL needs parsing here.
  const base = `${context.url.origin}${context.url.pathname}?${kept.size > 0 ? `${kept}&` : ''}`;
  const link = (target: number) => `<${base}page=${target}&per_page=${per_page}>`;
  const links = [
    prev !== null && `${link(prev)}; rel="prev"`,
    next !== null && `${link(next)}; rel="next"`,
    `${link(1)}; rel="first"`,
    counted && `${link(totalPages)}; rel="last"`,
  ].filter(Boolean);

  const headers: Record<string, string> = {
    'x-per-page': String(per_page),
    'x-page': String(page),
    'x-next-page': next === null ? '' : String(next),
    'x-prev-page': prev === null ? '' : String(prev),
    link: links.join(', '),
  };
  if (counted) {
    headers['x-total'] = String(total);
    headers['x-total-pages'] = String(totalPages);
  }
  return jsonText(body, headers);
}

/** What a keyset page needs: its size, and where the next page starts (`id_after` ascending, `id_before` descending). */
export interface KeysetRequest {
  per_page: number;
  /** `asc` or `desc`: the order of the ids. */
  sort: 'asc' | 'desc';
  /** Answer items after this id (ascending). */
  id_after?: number | undefined;
  /** Answer items before this id (descending). */
  id_before?: number | undefined;
}

/**
 * Keyset pagination as GitLab answers `pagination=keyset` (ordered by id): one page of
 * `items` (already filtered and ordered by id in `sort`'s direction) after the cursor,
 * and only a `Link: <...>; rel="next"` header naming the next cursor: no totals, no page
 * numbers. The last page has no Link.
 */
export function keysetPaginated<T extends { id: number }>(
  context: RouteContext,
  items: readonly T[],
  request: KeysetRequest,
  present: (item: T) => unknown,
): MockResponse {
  const { per_page } = normalizePage({ page: 1, per_page: request.per_page });
  const ascending = request.sort === 'asc';
  const start = items.findIndex((item) =>
    ascending
      ? request.id_after === undefined || item.id > request.id_after
      : request.id_before === undefined || item.id < request.id_before,
  );
  const rest = start === -1 ? [] : items.slice(start, start + per_page + 1);
  const page = rest.slice(0, per_page);
  const headers: Record<string, string> = {};
  const last = page.at(-1);
  if (rest.length > per_page && last) {
    const cursor = ascending ? 'id_after' : 'id_before';
    const kept = new URLSearchParams();
    for (const [key, value] of context.url.searchParams) {
      if (key !== 'id_after' && key !== 'id_before' && key !== 'private_token' && key !== 'per_page') {
        kept.append(key, value);
      }
    }
    kept.set(cursor, String(last.id));
    kept.set('per_page', String(per_page));
    headers.link = `<${context.url.origin}${context.url.pathname}?${kept}>; rel="next"`;
  }
  return json(page.map(present), 200, headers);
}

/**
 * Cursor-based keyset pagination as GitLab answers it (`Gitlab::Pagination::Keyset::CursorPager`):
 * the first `per_page` of `items` (already ordered and past the request's cursor); when more
 * follow, `X-Next-Cursor` and a `Link: <...>; rel="next"` with the request's parameters and the
 * next page's `cursor`. No totals, no page numbers; the last page has neither header.
 */
export function cursorPaginated<T>(
  context: RouteContext,
  items: readonly T[],
  perPage: number,
  cursorOf: (item: T) => string,
  present: (item: T) => unknown,
): MockResponse {
  const { per_page } = normalizePage({ page: 1, per_page: perPage });
  const page = items.slice(0, per_page);
  const headers: Record<string, string> = {};
  const last = page.at(-1);
  if (items.length > per_page && last !== undefined) {
    const cursor = cursorOf(last);
    const kept = new URLSearchParams();
    for (const [key, value] of context.url.searchParams) {
      if (key !== 'cursor' && key !== 'private_token') kept.append(key, value);
    }
    kept.set('cursor', cursor);
    headers['x-next-cursor'] = cursor;
    headers.link = `<${context.url.origin}${context.url.pathname}?${kept}>; rel="next"`;
  }
  return json(page.map(present), 200, headers);
}
