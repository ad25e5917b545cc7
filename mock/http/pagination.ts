import { arrayJson, entityJson } from './entity-json.js';
import { ApiError } from './errors.js';
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

/** What a cursor page needs: its size and the request's `cursor` (absent: the first page). */
export interface CursorRequest {
  per_page: number;
  cursor?: string | undefined;
}

/** A cursor: GitLab's keyset paginator encodes the edge record's order values and a direction (`n`ext or `p`revious). */
interface Cursor {
  id: string;
  _kd: 'n' | 'p';
}

const encodeCursor = (cursor: Cursor) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(cursor))))
    .replaceAll('+', '-')
    .replaceAll('/', '_');

function decodeCursor(raw: string): Cursor | undefined {
  try {
    const bytes = Uint8Array.from(atob(raw.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, _kd } = value as Record<string, unknown>;
    return typeof id === 'string' && (_kd === 'n' || _kd === 'p') ? { id, _kd } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Cursor-based keyset pagination, as GitLab answers `pagination=keyset` for the types it enforces it
 * on (`Gitlab::Pagination::Keyset::CursorPager`, users and groups): one page of `items` (already in
 * the list's order) after the record the `cursor` names (or before it, for a previous-page cursor);
 * no offset headers, but `X-NEXT-CURSOR` / `X-PREV-CURSOR` and a `Link: <...cursor=...>; rel="next"`
 * with the request's own parameters (`HeaderBuilder`). An unknown cursor is 400 `{"error":"cursor is invalid"}`.
 */
export function cursorPaginated<T extends { id: number }>(
  context: RouteContext,
  items: readonly T[],
  request: CursorRequest,
  present: (item: T) => unknown,
): MockResponse {
  const { per_page } = normalizePage({ page: 1, per_page: request.per_page });
  let start = 0;
  let end = Math.min(per_page, items.length);
  if (request.cursor !== undefined) {
    const cursor = decodeCursor(request.cursor);
    if (!cursor) {
      // GitLab's paginator fails on a cursor that does not decode (a 500); the mock answers 400 (ours).
      throw new ApiError(400, { error: 'cursor is invalid' }).because(`cursor ${request.cursor} does not decode`);
    }
    // A cursor whose record has left the list gives an empty page.
    const at = items.findIndex((item) => String(item.id) === cursor.id);
    if (at === -1) [start, end] = [0, 0];
    else if (cursor._kd === 'n') [start, end] = [at + 1, Math.min(at + 1 + per_page, items.length)];
    else [start, end] = [Math.max(0, at - per_page), at];
  }
  const page = items.slice(start, end);
  const headers: Record<string, string> = {};
  const first = page[0];
  const last = page.at(-1);
  if (first && start > 0) headers['x-prev-cursor'] = encodeCursor({ id: String(first.id), _kd: 'p' });
  if (last && end < items.length) {
    const next = encodeCursor({ id: String(last.id), _kd: 'n' });
    headers['x-next-cursor'] = next;
    const kept = new URLSearchParams();
    for (const [key, value] of context.url.searchParams) {
      if (key !== 'cursor' && key !== 'private_token') kept.append(key, value);
    }
    kept.set('cursor', next);
    headers.link = `<${context.url.origin}${context.url.pathname}?${kept}>; rel="next"`;
  }
  return json(page.map(present), 200, headers);
}

/**
 * GitLab's default `offset_pagination_limit` (plan limits), which `API::Helpers::PaginationStrategies`
 * (`lib/api/helpers/pagination_strategies.rb#offset_paginator`) applies to the types keyset pagination
 * serves (`Gitlab::Pagination::CursorBasedKeyset` and the projects' keyset).
 */
const OFFSET_LIMIT = 50_000;

/**
 * 405 for an offset page past {@link OFFSET_LIMIT} records of `type` (GitLab's class name), pointing
 * to keyset pagination; `page * per_page` as asked.
 */
export function requireOffsetWithinLimit(type: 'Project' | 'Group', page: number, perPage: number): void {
  if (page * perPage > OFFSET_LIMIT) {
    throw new ApiError(405, {
      error: `Offset pagination has a maximum allowed offset of ${OFFSET_LIMIT} for requests that return objects of type ${type}. Remaining records can be retrieved using keyset pagination.`,
    }).because(`page ${page} of ${perPage} is past the offset limit of ${OFFSET_LIMIT} ${type.toLowerCase()}s`);
  }
}

/** The 405 for an order keyset pagination of a type cannot follow (`Gitlab::Pagination::Keyset`); `why` for the journal. */
export const keysetOrderUnavailable = (why: string) =>
  new ApiError(405, { error: 'Keyset pagination is not yet available for this type of request' }).because(why);
