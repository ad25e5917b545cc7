/**
 * Offset pagination as GitLab does it: `page` / `per_page` in the query, `X-Page`,
 * `X-Per-Page`, `X-Total`, `X-Total-Pages`, `X-Next-Page`, `X-Prev-Page` in the answer.
 * @module
 */

/** One page of a paginated list, with GitLab's pagination headers parsed. */
export interface Page<T> {
  /** The items of this page. */
  items: T[];
  /** This page's number (1-based), from `X-Page`. */
  page: number;
  /** Items per page, from `X-Per-Page`. */
  perPage: number;
  /** Number of items in the whole list, from `X-Total`; `undefined` when GitLab omits it (over 10,000 items). */
  total: number | undefined;
  /** Number of pages, from `X-Total-Pages`; `undefined` when GitLab omits it (over 10,000 items). */
  totalPages: number | undefined;
  /** The next page's number, from `X-Next-Page`; `undefined` on the last page. */
  nextPage: number | undefined;
  /** The previous page's number, from `X-Prev-Page`; `undefined` on the first page. */
  prevPage: number | undefined;
  /**
   * Keyset pagination (`pagination: 'keyset'`): the query parameters that change for the
   * next page (such as `id_after`), from the `Link` header's `rel="next"`; `undefined` on the last page.
   */
  nextCursor?: Readonly<Record<string, string>> | undefined;
}

/**
 * Fetches one page; `undefined` means the page the caller asked for (or GitLab's default, 1).
 * With `cursor`, the keyset page the previous page's `Link` named.
 */
export type PageFetcher<T> = (page: number | undefined, cursor?: Readonly<Record<string, string>>) => Promise<Page<T>>;

/**
 * What a paginated list method returns. Nothing is fetched until it is used:
 *
 * - `await list(...)` gives the first page (the caller's `page` / `per_page` apply);
 *   awaiting again gives the same page without fetching it again.
 * - `for await (const item of list(...))` yields every item, fetching each next page
 *   (following `X-Next-Page`) only when the previous one is used up.
 * - {@link PagePromise.toArray} collects items, {@link PagePromise.pages} yields whole pages.
 *
 * Each iteration starts from the (memoized) first page and fetches the following pages again.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #fetchPage: PageFetcher<T>;
  #firstPage: Promise<Page<T>> | undefined;

  /** @internal Resources create these through `Resource.paginate`. */
  constructor(fetchPage: PageFetcher<T>) {
    this.#fetchPage = fetchPage;
  }

  #first(): Promise<Page<T>> {
    this.#firstPage ??= this.#fetchPage(undefined);
    return this.#firstPage;
  }

  /**
   * Fetches (once) and resolves to the first page.
   *
   * @example
   * ```ts
   * const page = await gitlab.projects.milestones.list('acme/api', { per_page: 50 });
   * console.log(page.items.length, page.total, page.nextPage);
   * ```
   */
  // biome-ignore lint/suspicious/noThenProperty: PagePromise is deliberately a thenable (PromiseLike<Page<T>>).
  then<TResult1 = Page<T>, TResult2 = never>(
    onfulfilled?: ((value: Page<T>) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): Promise<TResult1 | TResult2> {
    return this.#first().then(onfulfilled, onrejected);
  }

  /**
   * Like `Promise.prototype.catch`, for the first page.
   *
   * @example
   * ```ts
   * const page = await gitlab.projects.milestones.list('acme/api').catch(() => undefined);
   * ```
   */
  catch<TResult = never>(
    onrejected?: ((reason: unknown) => TResult | PromiseLike<TResult>) | null,
  ): Promise<Page<T> | TResult> {
    return this.#first().catch(onrejected);
  }

  /**
   * Like `Promise.prototype.finally`, for the first page.
   *
   * @example
   * ```ts
   * console.time('milestones');
   * await gitlab.projects.milestones.list('acme/api').finally(() => console.timeEnd('milestones'));
   * ```
   */
  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.#first().finally(onfinally);
  }

  /**
   * Yields every page, starting with the first, fetching each next page when asked for it.
   *
   * @example
   * ```ts
   * for await (const page of gitlab.projects.milestones.list('acme/api').pages()) {
   *   console.log(`page ${page.page} of ${page.totalPages ?? '?'}`);
   * }
   * ```
   */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page = await this.#first();
    yield page;
    // Keyset pages follow their Link; one naming a cursor already followed would loop forever.
    const cursors = new Set<string>();
    for (;;) {
      // Only move forward: a server answering a next page <= the current one would loop forever.
      if (page.nextPage !== undefined && page.nextPage > page.page) {
        page = await this.#fetchPage(page.nextPage);
      } else if (page.nextPage === undefined && page.nextCursor && !cursors.has(JSON.stringify(page.nextCursor))) {
        cursors.add(JSON.stringify(page.nextCursor));
        page = await this.#fetchPage(undefined, page.nextCursor);
      } else {
        return;
      }
      yield page;
    }
  }

  /**
   * Yields every item of every page.
   *
   * @example
   * ```ts
   * for await (const milestone of gitlab.projects.milestones.list('acme/api')) {
   *   console.log(milestone.title);
   * }
   * ```
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) {
      yield* page.items;
    }
  }

  /**
   * Collects the items of every page into one array; with `limit`, stops (and stops
   * fetching) once it has that many.
   *
   * @example
   * ```ts
   * const firstHundred = await gitlab.projects.milestones.list('acme/api').toArray({ limit: 100 });
   * ```
   */
  async toArray(options: { limit?: number } = {}): Promise<T[]> {
    const { limit = Number.POSITIVE_INFINITY } = options;
    const items: T[] = [];
    if (limit <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}

/** Reads GitLab's pagination headers; `requested` fills in when a header is missing. */
export function parsePage<T>(
  items: T[],
  headers: Headers,
  requested: { page?: number | undefined; per_page?: number | undefined } & object = {},
): Page<T> {
  return {
    items,
    page: intHeader(headers, 'x-page') ?? requested.page ?? 1,
    perPage: intHeader(headers, 'x-per-page') ?? requested.per_page ?? 20,
    total: intHeader(headers, 'x-total'),
    totalPages: intHeader(headers, 'x-total-pages'),
    nextPage: intHeader(headers, 'x-next-page'),
    prevPage: intHeader(headers, 'x-prev-page'),
    nextCursor: headers.has('x-next-page') ? undefined : keysetCursor(headers, requested),
  };
}

/**
 * The query parameters a keyset `Link: <...>; rel="next"` changes (GitLab sends it
 * without any `X-Next-Page`): every plain parameter whose value differs from the request's.
 */
function keysetCursor(headers: Headers, requested: object): Record<string, string> | undefined {
  const next = headers
    .get('link')
    ?.split(',')
    .find((part) => /;\s*rel="?next"?/.test(part))
    ?.match(/<([^>]+)>/)?.[1];
  if (!next) return undefined;
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return undefined;
  }
  const asked = requested as Record<string, unknown>;
  const cursor: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!key.endsWith(']') && key !== 'private_token' && String(asked[key] ?? '') !== value) cursor[key] = value;
  }
  return Object.keys(cursor).length > 0 ? cursor : undefined;
}

/** A header as a non-negative integer; missing, empty (GitLab's "none") or garbled gives `undefined`. */
function intHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  // Missing or empty (X-Next-Page on the last page, X-Prev-Page on the first) before any string work.
  if (!value) return undefined;
  const digits = value.trim();
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}
