import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GitLab,
  GitLabConnectionError,
  GitLabError,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  NotFoundError,
  RateLimitError,
  ServerError,
} from '../../src/index.js';
import { BASE, json, milestone, setup, TOKEN } from './helpers.js';

// The transport's edges that the everyday tests do not reach (each found by a mutant surviving
// `npm run test:mutation -- src/core/transport.ts`): the base URL's normalisation and refusal, the
// query serialiser's values, empty and non-JSON 2xx bodies, the URL an error names, Retry-After
// values the client does not trust, and errors that are not ky's.

const API = `${BASE}/api/v4`;
type MilestoneQuery = Parameters<GitLab['projects']['milestones']['list']>[1];

describe('base URL', () => {
  const cases: Array<[string, string]> = [
    [`${BASE}//`, API],
    [`${BASE}/api/v4///`, API],
    [`  ${BASE}/  `, API],
    [`${BASE}/API/V4`, API],
    // `/api/v4` inside the path is a proxy's sub-path, not GitLab's API prefix.
    [`${BASE}/api/v4/gitlab`, `${BASE}/api/v4/gitlab/api/v4`],
    [`${BASE}/api/v4x/`, `${BASE}/api/v4x/api/v4`],
  ];
  for (const [baseUrl, prefix] of cases) {
    it(`sends to ${prefix} for ${JSON.stringify(baseUrl)}`, async () => {
      const { gitlab, requests } = setup(() => json(milestone(2)), { baseUrl });
      await gitlab.projects.milestones.get(1, 2);
      expect(requests[0]?.rawUrl).toBe(`${prefix}/projects/1/milestones/2`);
    });
  }

  it('refuses a blank or missing baseUrl with a TypeError saying what to pass', () => {
    for (const baseUrl of ['', '   ', undefined, null, 42]) {
      const error = (() => {
        try {
          new GitLab({ baseUrl } as unknown as { baseUrl: string });
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toBe('baseUrl is required, for example https://gitlab.example.com');
    }
  });
});

describe('query serialisation', () => {
  async function sent(query: object): Promise<string> {
    const { gitlab, requests } = setup(() => json([]));
    await gitlab.projects.milestones.list(1, query as MilestoneQuery);
    return requests[0]!.rawUrl;
  }

  it('sends a Date as ISO 8601', async () => {
    expect(await sent({ updated_after: new Date(Date.UTC(2026, 4, 1, 9, 30)) })).toBe(
      `${API}/projects/1/milestones?updated_after=2026-05-01T09%3A30%3A00.000Z`,
    );
  });

  it('sends an object as key[sub]=v, nested and with arrays, brackets literal', async () => {
    expect(await sent({ custom_attributes: { team: 'core', level: { min: 2 }, tags: ['a', 'b'] } })).toBe(
      `${API}/projects/1/milestones?custom_attributes[team]=core&custom_attributes[level][min]=2` +
        '&custom_attributes[tags][]=a&custom_attributes[tags][]=b',
    );
  });

  it('leaves out null and undefined, at the top, in arrays and in objects', async () => {
    expect(
      await sent({ title: null, search: undefined, iids: [1, null, undefined, 2], filter: { a: null, b: 'x' } }),
    ).toBe(`${API}/projects/1/milestones?iids[]=1&iids[]=2&filter[b]=x`);
  });

  it('sends no `?` for an empty query or one whose values are all left out', async () => {
    expect(await sent({})).toBe(`${API}/projects/1/milestones`);
    expect(await sent({ title: null, search: undefined })).toBe(`${API}/projects/1/milestones`);
  });
});

describe('2xx bodies that are not JSON', () => {
  it('rejects an HTML page with one custom issue naming its content type, and the URL with its query', async () => {
    const { gitlab } = setup(() => new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }));
    const error = await gitlab.projects.milestones.list(1, { state: 'active' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    const validation = error as GitLabResponseValidationError;
    const url = `${API}/projects/1/milestones?state=active`;
    expect(validation.issues).toEqual([{ code: 'custom', path: [], message: 'expected a JSON body, got text/html' }]);
    expect(validation.path).toBe('');
    expect(validation.url).toBe(url);
    expect(validation.message).toBe(
      `Unexpected response to GET ${url}: in the body: expected a JSON body, got text/html. ` +
        'Pass validateResponses: false to get the raw response.',
    );
  });

  it('says "a body of unknown type" without a content type, and names the URL without a query', async () => {
    const { gitlab } = setup(() => {
      const response = new Response('Sign in');
      response.headers.delete('content-type');
      return response;
    });
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    expect((error as GitLabResponseValidationError).url).toBe(`${API}/projects/1/milestones/2`);
    expect((error as GitLabResponseValidationError).issues).toEqual([
      { code: 'custom', path: [], message: 'expected a JSON body, got a body of unknown type' },
    ]);
  });

  it("takes an empty 2xx body as no body: the model's own issue, or undefined without validation", async () => {
    const empty = () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } });
    const { gitlab } = setup(empty);
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    const validation = error as GitLabResponseValidationError;
    expect(validation.url).toBe(`${API}/projects/1/milestones/2`);
    expect(validation.issues).toHaveLength(1);
    expect(validation.issues[0]).toMatchObject({ code: 'invalid_type', expected: 'object', path: [] });
    expect(validation.message).not.toContain('expected a JSON body');
    const raw = setup(empty, { validateResponses: false });
    await expect(raw.gitlab.projects.milestones.get(1, 2)).resolves.toBeUndefined();
  });
});

describe('the URL an API error names', () => {
  it('is the URL sent, with its query, or without a `?` when there is none', async () => {
    const { gitlab } = setup(() => json({ message: '404 Project Not Found' }, { status: 404 }));
    const listed = await gitlab.projects.milestones.list(1, { state: 'active', iids: [3] }).catch((e: unknown) => e);
    expect(listed).toBeInstanceOf(NotFoundError);
    expect((listed as NotFoundError).url).toBe(`${API}/projects/1/milestones?state=active&iids[]=3`);
    const got = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect((got as NotFoundError).url).toBe(`${API}/projects/1/milestones/2`);
  });
});

describe('error bodies and the token', () => {
  it('keeps an empty error body undefined, with a token to redact', async () => {
    const { gitlab } = setup(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toBeUndefined();
  });

  it('keeps an error body as it was parsed when the token is not in it (no JSON round trip)', async () => {
    // JSON.stringify would turn 1e400 (Infinity once parsed) into null and -0 into 0.
    const body = '{"message":"404 Not Found","weight":1e400,"offset":-0}';
    const { gitlab } = setup(
      () => new Response(body, { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const parsed = (error as NotFoundError).body as { weight: number; offset: number };
    expect(parsed.weight).toBe(Number.POSITIVE_INFINITY);
    expect(Object.is(parsed.offset, -0)).toBe(true);
  });

  it('replaces a body that redacting the token has left unparseable by "[REDACTED]"', async () => {
    // A token that is also a piece of the body's JSON: cutting it out leaves no JSON behind.
    const token = '":';
    const { gitlab } = setup(() => json({ message: ['a', 'b'] }, { status: 404 }), { token });
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toBe('[REDACTED]');
    expect((error as NotFoundError).message).not.toContain(token);
  });
});

describe('errors that are not ky’s', () => {
  it('passes on a GitLabError thrown by the custom fetch unchanged', async () => {
    const thrown = new GitLabTimeoutError({ method: 'GET', url: `${API}/elsewhere`, timeout: 5 });
    const gitlab = new GitLab({
      baseUrl: BASE,
      token: TOKEN,
      fetch: () => Promise.reject(thrown),
    });
    await expect(gitlab.projects.milestones.get(1, 2)).rejects.toBe(thrown);
  });

  it('wraps any other error of the custom fetch in GitLabConnectionError, without retrying it', async () => {
    let calls = 0;
    const gitlab = new GitLab({
      baseUrl: BASE,
      token: TOKEN,
      fetch: () => {
        calls++;
        return Promise.reject(new RangeError('bad fetch'));
      },
    });
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabConnectionError);
    expect(error).toBeInstanceOf(GitLabError);
    expect((error as Error).message).toBe(`Could not reach GitLab for GET ${API}/projects/1/milestones/2: bad fetch`);
    expect(calls).toBe(1);
  });
});

describe('Retry-After', () => {
  const busy = (retryAfter: string, status = 429) =>
    json({ message: 'Retry later' }, { status, headers: { 'Retry-After': retryAfter } });

  it('retries a 503 without Retry-After', async () => {
    const { gitlab, requests } = setup((_, n) => (n === 1 ? json({}, { status: 503 }) : json(milestone(2))));
    await expect(gitlab.projects.milestones.get(1, 2)).resolves.toMatchObject({ id: 2 });
    expect(requests).toHaveLength(2);
  });

  for (const value of ['999.5', '1e3', '0x100000']) {
    it(`does not take Retry-After: ${value} for seconds: retries after the backoff instead of giving up`, async () => {
      const { gitlab, requests } = setup((_, n) => (n === 1 ? busy(value) : json(milestone(2))));
      await expect(gitlab.projects.milestones.get(1, 2)).resolves.toMatchObject({ id: 2 });
      expect(requests).toHaveLength(2);
    });
  }

  it('gives up at once when Retry-After is over the default maxRetryAfter (60 s)', async () => {
    const { gitlab, requests } = setup(() => busy('61'));
    const error = await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(61);
    expect(requests).toHaveLength(1);
  });

  it('gives up at once when Retry-After is over the maxRetryAfter given, even one under the default', async () => {
    const { gitlab, requests } = setup(() => busy('1', 503), { retry: { limit: 1, maxRetryAfter: 500 } });
    await expect(gitlab.projects.milestones.get(1, 2)).rejects.toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(1);
  });
});

describe('backoffLimit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('bounds the wait before a retry', async () => {
    const { gitlab, requests } = setup((_, n) => (n === 2 ? json({}, { status: 500 }) : json(milestone(2))), {
      retry: { limit: 1, backoffLimit: 1 },
    });
    // The first call loads ky with real timers; the second one fails once and is retried.
    await gitlab.projects.milestones.get(1, 2);
    vi.useFakeTimers();
    const pending = gitlab.projects.milestones.get(1, 2);
    // ky's own first backoff is up to 300 ms: within 1 ms, only backoffLimit has let the retry through.
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    await expect(pending).resolves.toMatchObject({ id: 2 });
  });
});
