import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sanitizeUrl } from '../../src/core/errors.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GitLab,
  GitLabApiError,
  GitLabConnectionError,
  GitLabError,
  GitLabResponseValidationError,
  GitLabTimeoutError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { BASE, fakeFetch, json, milestone, never, setup, TOKEN } from './helpers.js';

async function failure(response: () => Response): Promise<GitLabApiError> {
  const { gitlab } = setup(response, { retry: 0 });
  const error = await gitlab.projects.milestones.get('acme/api', 9).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GitLabApiError);
  return error as GitLabApiError;
}

function expectNoToken(value: unknown): void {
  expect(inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(TOKEN);
  expect(JSON.stringify(value) ?? '').not.toContain(TOKEN);
  if (value instanceof Error) {
    expect(value.message).not.toContain(TOKEN);
    expect(String(value.stack)).not.toContain(TOKEN);
    expect(inspect(value.cause, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(TOKEN);
  }
}

describe('HTTP errors', () => {
  const cases: Array<[number, new (...args: never[]) => GitLabApiError, string]> = [
    [400, BadRequestError, 'BadRequestError'],
    [401, UnauthorizedError, 'UnauthorizedError'],
    [403, ForbiddenError, 'ForbiddenError'],
    [404, NotFoundError, 'NotFoundError'],
    [405, MethodNotAllowedError, 'MethodNotAllowedError'],
    [409, ConflictError, 'ConflictError'],
    [422, UnprocessableEntityError, 'UnprocessableEntityError'],
    [429, RateLimitError, 'RateLimitError'],
    [500, ServerError, 'ServerError'],
    [502, ServerError, 'ServerError'],
    [503, ServerError, 'ServerError'],
    [418, GitLabApiError, 'GitLabApiError'],
  ];

  for (const [status, ErrorClass, name] of cases) {
    it(`maps ${status} to ${name}`, async () => {
      const error = await failure(() => json({ message: `${status} Something` }, { status }));
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(GitLabError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(error.constructor.name).toBe(name);
      expect(error.status).toBe(status);
      expect(error.method).toBe('GET');
      expect(error.url).toBe(`${BASE}/api/v4/projects/acme%2Fapi/milestones/9`);
      expect(error.gitlabMessage).toBe(`${status} Something`);
      expect(error.message).toContain(`${status} Something`);
      expect(error.message).toContain('GET https://gitlab.test/api/v4/projects/acme%2Fapi/milestones/9');
      expectNoToken(error);
    });
  }

  it('keeps a {"message": ...} body', async () => {
    const error = await failure(() => json({ message: '404 Project Not Found' }, { status: 404 }));
    expect(error.gitlabMessage).toBe('404 Project Not Found');
    expect(error.body).toEqual({ message: '404 Project Not Found' });
    expect(error.message).toBe(
      '404 Project Not Found (GET https://gitlab.test/api/v4/projects/acme%2Fapi/milestones/9)',
    );
  });

  it('keeps a {"error": ...} body (Grape parameter errors)', async () => {
    const error = await failure(() => json({ error: 'milestone_id is invalid' }, { status: 400 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.gitlabMessage).toBe('milestone_id is invalid');
    expect(error.message).toMatch(/^400 Bad Request: milestone_id is invalid \(GET /);
  });

  it('keeps field errors as data and renders them readably', async () => {
    const body = { message: { title: ["can't be blank"], due_date: ['is invalid', 'is too early'] } };
    const error = await failure(() => json(body, { status: 400 }));
    expect(error.gitlabMessage).toEqual(body.message);
    expect(error.message).toContain("title: can't be blank; due_date: is invalid, is too early");
  });

  it('keeps a list of messages', async () => {
    const error = await failure(() => json({ message: ['Prohibited'] }, { status: 403 }));
    expect(error.gitlabMessage).toEqual(['Prohibited']);
    expect(error.message).toContain('403 Forbidden: Prohibited');
  });

  it('keeps a non-JSON body as text without dumping HTML into the message', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const error = await failure(() => new Response(html, { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.body).toBe(html);
    expect(error.gitlabMessage).toBeUndefined();
    expect(error.message).toBe('502 Bad Gateway (GET https://gitlab.test/api/v4/projects/acme%2Fapi/milestones/9)');
  });

  it('keeps the response headers and reads Retry-After on 429', async () => {
    const error = await failure(() =>
      json({ message: 'Retry later' }, { status: 429, headers: { 'Retry-After': '30', 'RateLimit-Limit': '600' } }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(30);
    expect(error.headers['ratelimit-limit']).toBe('600');
  });

  it('redacts the token when GitLab echoes it back', async () => {
    const error = await failure(() =>
      json({ message: `token ${TOKEN} is revoked` }, { status: 401, headers: { 'x-echo': TOKEN } }),
    );
    expect(error.gitlabMessage).toBe('token [REDACTED] is revoked');
    expectNoToken(error);
  });
});

describe('the token never shows', () => {
  it('in timeout errors', async () => {
    const { gitlab } = setup(never, { timeout: 10 });
    const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabTimeoutError);
    expectNoToken(error);
  });

  it('in connection errors, even when fetch attaches the request to its error', async () => {
    const { fetch } = fakeFetch(() => {
      const request = new Request(`${BASE}/api/v4/x`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
      throw Object.assign(new TypeError(`fetch failed for ${TOKEN}`), { request });
    });
    const gitlab = new GitLab({ baseUrl: BASE, token: TOKEN, fetch, retry: 0 });
    const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabConnectionError);
    expectNoToken(error);
  });

  it('in validation errors', async () => {
    const { gitlab } = setup(() => json(milestone(1, { title: 42 })));
    const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    expectNoToken(error);
  });

  it('in the client', () => {
    const { gitlab } = setup(() => json({}));
    expect(inspect(gitlab, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(TOKEN);
    expect(JSON.stringify(gitlab)).not.toContain(TOKEN);
    expect(String(gitlab)).not.toContain(TOKEN);
    const seen = new Set<unknown>();
    const walk = (value: unknown): void => {
      if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) {
        expect(String(value)).not.toContain(TOKEN);
        return;
      }
      seen.add(value);
      for (const key of Reflect.ownKeys(value as object)) {
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (descriptor && 'value' in descriptor) walk(descriptor.value);
      }
    };
    walk(gitlab);
  });

  it('in URLs carrying credentials', () => {
    expect(sanitizeUrl(`https://u:${TOKEN}@gitlab.test/api/v4/x?private_token=${TOKEN}&page=2`)).toBe(
      'https://gitlab.test/api/v4/x?page=2',
    );
  });
});
