import { describe, expect, it } from 'vitest';
import { formatIssuePath, sanitizeUrl } from '../../src/core/errors.js';
import {
  GitLab,
  GitLabApiError,
  GitLabConnectionError,
  GitLabError,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  NotFoundError,
  RateLimitError,
} from '../../src/index.js';
import { BASE, fakeFetch, json, milestone, never, setup, TOKEN } from './helpers.js';

/**
 * The exact text and fields of the SDK's errors, edge by edge: what a user reads in a log
 * when GitLab, the network or a response goes wrong (mutation testing found each of these
 * untested: a message emptied or a branch dropped passed the suite).
 */

const URL_9 = `${BASE}/api/v4/projects/acme%2Fapi/milestones/9`;

async function failure(response: () => Response): Promise<GitLabApiError> {
  const { gitlab } = setup(response, { retry: 0 });
  const error = await gitlab.projects.milestones.get('acme/api', 9).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GitLabApiError);
  return error as GitLabApiError;
}

const init = { method: 'GET', url: 'https://gitlab.test/api/v4/x' };

describe('GitLab’s message, from every shape of error body', () => {
  it('an empty body: the status and its reason phrase only', async () => {
    const error = await failure(() => new Response(null, { status: 404 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.body).toBeUndefined();
    expect(error.gitlabMessage).toBeUndefined();
    expect(error.message).toBe(`404 Not Found (GET ${URL_9})`);
  });

  it('a JSON null or an object without message or error: no message', async () => {
    for (const body of [null, {}, { message: null, error: 'ignored when message is there' }]) {
      const error = await failure(() => json(body, { status: 500 }));
      expect(error.gitlabMessage).toBeUndefined();
      expect(error.message).toBe(`500 Internal Server Error (GET ${URL_9})`);
    }
  });

  it('a JSON list as the body: no message', async () => {
    const error = await failure(() => json(['message'], { status: 400 }));
    expect(error.gitlabMessage).toBeUndefined();
    expect(error.message).toBe(`400 Bad Request (GET ${URL_9})`);
  });

  it('a number as the message: kept as text', async () => {
    const error = await failure(() => json({ message: 42 }, { status: 400 }));
    expect(error.gitlabMessage).toBe('42');
    expect(error.message).toBe(`400 Bad Request: 42 (GET ${URL_9})`);
  });

  it('a list of messages, some of them objects: each as text, joined by "; "', async () => {
    const error = await failure(() => json({ message: ['Prohibited', { code: 7 }] }, { status: 403 }));
    expect(error.gitlabMessage).toEqual(['Prohibited', '{"code":7}']);
    expect(error.message).toBe(`403 Forbidden: Prohibited; {"code":7} (GET ${URL_9})`);
  });

  it('field errors: `base` without its name, other values as text', async () => {
    const message = {
      base: ['is locked'],
      count: [1, 'too low', { min: 2 }],
      flag: true,
      limits: { max: 3 },
      name: 'taken',
    };
    const error = await failure(() => json({ message }, { status: 422 }));
    expect(error.gitlabMessage).toEqual(message);
    expect(error.message).toBe(
      `422 Unprocessable Entity: is locked; count: 1, too low, {"min":2}; flag: true; limits: {"max":3}; name: taken (GET ${URL_9})`,
    );
  });

  it('OAuth’s error_description follows the error', async () => {
    const error = await failure(() =>
      json({ error: 'invalid_grant', error_description: 'The code has expired' }, { status: 400 }),
    );
    expect(error.gitlabMessage).toBe('invalid_grant');
    expect(error.message).toBe(`400 Bad Request: invalid_grant: The code has expired (GET ${URL_9})`);
  });

  it('a message that starts with the status is not repeated', async () => {
    const error = await failure(() => json({ message: '404 Project Not Found' }, { status: 404 }));
    expect(error.message).toBe(`404 Project Not Found (GET ${URL_9})`);
  });

  it('a status without a reason phrase: the number alone', async () => {
    const error = await failure(() => new Response(null, { status: 499 }));
    expect(error.message).toBe(`499 (GET ${URL_9})`);
  });

  it('the reason phrase the server sent wins over the SDK’s', async () => {
    const error = await failure(() => new Response(null, { status: 404, statusText: 'Nope' }));
    expect(error.message).toBe(`404 Nope (GET ${URL_9})`);
  });

  it('a short text body is shown trimmed; up to 200 characters; blank or longer ones are not', async () => {
    const text = (body: string) => () => new Response(body, { status: 503, headers: { 'content-type': 'text/plain' } });
    expect((await failure(text('  Down for maintenance\n'))).message).toBe(
      `503 Service Unavailable: Down for maintenance (GET ${URL_9})`,
    );
    const exactly200 = 'x'.repeat(200);
    expect((await failure(text(exactly200))).message).toBe(`503 Service Unavailable: ${exactly200} (GET ${URL_9})`);
    expect((await failure(text('x'.repeat(201)))).message).toBe(`503 Service Unavailable (GET ${URL_9})`);
    expect((await failure(text('   \n'))).message).toBe(`503 Service Unavailable (GET ${URL_9})`);
  });
});

describe('RateLimitError’s hints', () => {
  const limited = (headers?: Record<string, string>) =>
    new RateLimitError({ status: 429, body: undefined, ...init, ...(headers ? { headers } : {}) });

  it('none when GitLab sent no headers', () => {
    const error = limited();
    expect(error.retryAfter).toBeUndefined();
    expect(error.resetAt).toBeUndefined();
    expect(error.headers).toEqual({});
  });

  it('Retry-After in seconds, spaces around it allowed', () => {
    expect(limited({ 'retry-after': ' 30 ' }).retryAfter).toBe(30);
    for (const value of ['30s', 's30', 'soon']) expect(limited({ 'retry-after': value }).retryAfter).toBeUndefined();
  });

  it('Retry-After as an HTTP date: the seconds from now, never negative', () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const seconds = limited({ 'retry-after': inTwoMinutes }).retryAfter;
    expect(seconds).toBeGreaterThanOrEqual(118);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(limited({ 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }).retryAfter).toBe(0);
  });

  it('RateLimit-Reset in epoch seconds, spaces allowed; anything else ignored', () => {
    expect(limited({ 'ratelimit-reset': ' 1767225600 ' }).resetAt).toEqual(new Date('2026-01-01T00:00:00Z'));
    for (const value of ['1767225600s', 'x1767225600', '', '2026-01-01'])
      expect(limited({ 'ratelimit-reset': value }).resetAt).toBeUndefined();
  });
});

describe('connection and timeout errors', () => {
  it('a connection error names the request and the cause’s message, and keeps the cause', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const gitlab = new GitLab({ baseUrl: BASE, token: TOKEN, fetch, retry: 0 });
    const error = (await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e)) as GitLabConnectionError;
    expect(error).toBeInstanceOf(GitLabConnectionError);
    expect(error.name).toBe('GitLabConnectionError');
    expect(error.message).toBe(`Could not reach GitLab for GET ${BASE}/api/v4/projects/1/milestones/2: fetch failed`);
    expect(error.method).toBe('GET');
    expect(error.url).toBe(`${BASE}/api/v4/projects/1/milestones/2`);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toBe('fetch failed');
  });

  it('without a cause, or one without a message, only the request', () => {
    const expected = `Could not reach GitLab for GET ${init.url}`;
    expect(new GitLabConnectionError(init).message).toBe(expected);
    expect(new GitLabConnectionError({ ...init, cause: new Error('') }).message).toBe(expected);
    expect(new GitLabConnectionError({ ...init, cause: 'not an Error' }).message).toBe(expected);
  });

  it('a timeout names the request and the time waited', async () => {
    const { gitlab } = setup(never, { timeout: 10, retry: 0 });
    const error = (await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e)) as GitLabTimeoutError;
    expect(error).toBeInstanceOf(GitLabTimeoutError);
    expect(error.message).toBe(`GitLab did not answer GET ${BASE}/api/v4/projects/1/milestones/2 after 10 ms`);
    expect(error.timeout).toBe(10);
    expect(new GitLabTimeoutError(init).message).toBe(`GitLab did not answer GET ${init.url}`);
  });
});

describe('the cause of a connection error: a copy without the token', () => {
  async function causeOf(thrown: unknown): Promise<Error | undefined> {
    const { fetch } = fakeFetch(() => {
      throw thrown;
    });
    const gitlab = new GitLab({ baseUrl: BASE, token: TOKEN, fetch, retry: 0 });
    const error = (await gitlab.projects.milestones.get(1, 2).catch((e: unknown) => e)) as GitLabConnectionError;
    expect(error).toBeInstanceOf(GitLabConnectionError);
    return error.cause as Error | undefined;
  }

  it('keeps each error’s name, message, stack and string or number code, token redacted', async () => {
    const socket = Object.assign(new Error(`connect ECONNREFUSED for ${TOKEN}`), { code: 'ECONNREFUSED' });
    const dns = Object.assign(new RangeError('lookup failed'), { code: -3008, cause: socket });
    const cause = await causeOf(new TypeError('fetch failed', { cause: dns }));
    expect(cause?.name).toBe('TypeError');
    expect(cause?.message).toBe('fetch failed');
    expect(cause?.stack).toContain('fetch failed');
    const second = cause?.cause as Error & { code?: unknown };
    expect(second.name).toBe('RangeError');
    expect(second.code).toBe(-3008);
    const third = second.cause as Error & { code?: unknown };
    expect(third.message).toBe('connect ECONNREFUSED for [REDACTED]');
    expect(third.code).toBe('ECONNREFUSED');
    expect(third.stack).toContain('connect ECONNREFUSED for [REDACTED]');
    expect(third.stack).not.toContain(TOKEN);
    expect(third.cause).toBeUndefined();
  });

  it('drops every other property, a code that is not a string or number included', async () => {
    const thrown = Object.assign(new Error('reset'), { code: { errno: 1 }, request: { token: TOKEN } });
    const cause = (await causeOf(thrown)) as Error & Record<string, unknown>;
    expect(Object.keys(cause)).toEqual(['name']);
    expect(cause.code).toBeUndefined();
  });

  it('a cause of null ends the chain', async () => {
    const cause = await causeOf(new TypeError('fetch failed', { cause: null }));
    expect(cause?.message).toBe('fetch failed');
    expect(cause?.cause).toBeUndefined();
  });

  it('an error without a stack keeps none', async () => {
    const thrown = new Error('no stack');
    thrown.stack = undefined;
    expect((await causeOf(thrown))?.stack).toBeUndefined();
  });

  it('something thrown that is not an Error becomes one, with its text', async () => {
    const cause = await causeOf(`socket hang up ${TOKEN}`);
    expect(cause).toBeInstanceOf(Error);
    expect(cause?.message).toBe('socket hang up [REDACTED]');
    expect(cause?.name).toBe('Error');
  });

  it('keeps five levels of a chain at most', async () => {
    let thrown: Error = new Error('level 7');
    for (let level = 6; level >= 1; level--) thrown = new Error(`level ${level}`, { cause: thrown });
    const levels: string[] = [];
    for (let cause: unknown = await causeOf(thrown); cause instanceof Error; cause = cause.cause)
      levels.push(cause.message);
    expect(levels).toEqual(['level 1', 'level 2', 'level 3', 'level 4', 'level 5']);
  });
});

describe('response validation errors', () => {
  it('name the first mismatch by its path, and count the others', async () => {
    const { gitlab } = setup(() => json([milestone(1), milestone(2, { title: 42, state: 7 })]));
    const error = (await gitlab.projects.milestones
      .list(1)
      .then(() => undefined)
      .catch((e: unknown) => e)) as GitLabResponseValidationError;
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    expect(error.path).toBe('[1].title');
    expect(error.issues).toHaveLength(2);
    expect(error.message).toBe(
      `Unexpected response to GET ${BASE}/api/v4/projects/1/milestones: at [1].title: Invalid input (and 1 more). ` +
        'Pass validateResponses: false to get the raw response.',
    );
  });

  it('one mismatch: no count; none: "in the body: invalid"', () => {
    const issue: GitLabResponseValidationError['issues'][number] = {
      code: 'custom',
      path: ['due_date'],
      message: 'Invalid date',
      input: 1,
    };
    expect(new GitLabResponseValidationError({ issues: [issue], ...init }).message).toBe(
      `Unexpected response to GET ${init.url}: at due_date: Invalid date. Pass validateResponses: false to get the raw response.`,
    );
    const three = new GitLabResponseValidationError({ issues: [issue, issue, issue], ...init });
    expect(three.message).toContain('at due_date: Invalid date (and 2 more).');
    const none = new GitLabResponseValidationError({ issues: [], ...init });
    expect(none.message).toBe(
      `Unexpected response to GET ${init.url}: in the body: invalid. Pass validateResponses: false to get the raw response.`,
    );
    expect(none.path).toBe('');
    const root = new GitLabResponseValidationError({ issues: [{ ...issue, path: [] }], ...init });
    expect(root.message).toContain(': in the body: Invalid date.');
  });

  it('paths are written as in code', () => {
    expect(formatIssuePath([0, 'due_date'])).toBe('[0].due_date');
    expect(formatIssuePath(['author', 'username'])).toBe('author.username');
    expect(formatIssuePath(['labels', 2])).toBe('labels[2]');
    expect(formatIssuePath(['_links', '$ref'])).toBe('_links.$ref');
    expect(formatIssuePath(['a-b'])).toBe('["a-b"]');
    expect(formatIssuePath(['ok-', 'x'])).toBe('["ok-"].x');
    expect(formatIssuePath(['x', '-ok'])).toBe('x["-ok"]');
    expect(formatIssuePath(['x', '1st'])).toBe('x["1st"]');
    expect(formatIssuePath([Symbol('s')])).toBe('["Symbol(s)"]');
  });
});

describe('credentials in URLs', () => {
  it('only the credential parameters themselves are removed', () => {
    const url = 'https://gitlab.test/api/v4/x?xprivate_token=1&private_token_hint=2&job_token=3';
    expect(sanitizeUrl(url)).toBe('https://gitlab.test/api/v4/x?xprivate_token=1&private_token_hint=2');
  });
});

describe('errors as data', () => {
  it('the root class is named and serialises its name and message', () => {
    const error = new GitLabError('something broke');
    expect(error.name).toBe('GitLabError');
    expect(JSON.parse(JSON.stringify(error))).toEqual({ name: 'GitLabError', message: 'something broke' });
  });

  it('an API error serialises every field it carries', async () => {
    const error = await failure(() => json({ message: 'Nope' }, { status: 403, headers: { 'x-request-id': 'r1' } }));
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ForbiddenError',
      message: `403 Forbidden: Nope (GET ${URL_9})`,
      status: 403,
      gitlabMessage: 'Nope',
      body: { message: 'Nope' },
      method: 'GET',
      url: URL_9,
      headers: { 'content-type': 'application/json', 'x-request-id': 'r1' },
    });
  });
});
