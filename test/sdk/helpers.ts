import { GitLab, type GitLabOptions } from '../../src/index.js';

export const TOKEN = 'glpat-SECRET-do-not-leak-42';
export const BASE = 'https://gitlab.test';

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  /** The URL exactly as sent (to check literal brackets and %2F). */
  rawUrl: string;
  headers: Headers;
  body: string;
}

export type Handler = (request: SeenRequest, attempt: number) => Response | Promise<Response>;

/**
 * A fake `fetch` (ky 2 calls it with a Request) that records every request and answers
 * with `handler`. A handler that never settles is cut short by the request's signal, as
 * a real fetch is.
 */
export function fakeFetch(handler: Handler) {
  const requests: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const seen: SeenRequest = {
      method: request.method,
      url: new URL(request.url),
      rawUrl: request.url,
      headers: request.headers,
      body: await request.text(),
    };
    requests.push(seen);
    // The caller's own signal when it gave one: a Request's copy follows it only weakly, so once
    // garbage collected it would never abort (real fetch keeps an in-flight request alive; this fake does not).
    const signal = init?.signal ?? request.signal;
    signal.throwIfAborted();
    return await new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve(handler(seen, requests.length)).then(resolve, reject);
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** A client on a fake fetch with `token: TOKEN` unless `options` gives a credential; retries wait 0 ms unless `options` says otherwise. */
export function setup(handler: Handler, options: Partial<GitLabOptions> = {}) {
  const { fetch, requests } = fakeFetch(handler);
  const credential = 'token' in options || 'oauthToken' in options || 'jobToken' in options ? {} : { token: TOKEN };
  const gitlab = new GitLab({ baseUrl: BASE, ...credential, fetch, retry: { backoffLimit: 0 }, ...options });
  return { gitlab, requests };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
}

/** Every credential option, each as a string and as a function (sync or async), all holding `TOKEN`. */
export const CREDENTIALS: Array<[string, Partial<GitLabOptions>]> = [
  ['token', { token: TOKEN }],
  ['token function', { token: () => TOKEN }],
  ['oauthToken', { oauthToken: TOKEN }],
  ['oauthToken async function', { oauthToken: async () => TOKEN }],
  ['jobToken', { jobToken: TOKEN }],
  ['jobToken function returning a promise', { jobToken: () => Promise.resolve(TOKEN) }],
];

export const never = (): Promise<Response> => new Promise<Response>(() => {});

export function milestone(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    iid: id,
    project_id: 1,
    title: `v${id}.0`,
    description: null,
    state: 'active',
    created_at: '2026-05-01T09:00:00.000Z',
    updated_at: '2026-05-01T09:00:00.000Z',
    due_date: '2026-06-30',
    start_date: null,
    expired: false,
    web_url: `${BASE}/acme/api/-/milestones/${id}`,
    ...overrides,
  };
}

/** GitLab-style pagination over `all`, honouring `page` and `per_page`. */
export function paginated(all: unknown[], { omitTotals = false } = {}): Handler {
  return (request) => {
    const page = Number(request.url.searchParams.get('page') ?? 1);
    const perPage = Number(request.url.searchParams.get('per_page') ?? 20);
    const totalPages = Math.max(1, Math.ceil(all.length / perPage));
    const headers: Record<string, string> = {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': page < totalPages ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
    };
    if (!omitTotals) {
      headers['x-total'] = String(all.length);
      headers['x-total-pages'] = String(totalPages);
    }
    return json(all.slice((page - 1) * perPage, page * perPage), { headers });
  };
}
