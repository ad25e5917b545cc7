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
  ProjectMilestones,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { BASE, CREDENTIALS, fakeFetch, json, milestone, never, setup, TOKEN } from './helpers.js';

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
});

for (const [name, credential] of CREDENTIALS) {
  describe(`the credential never shows: ${name}`, () => {
    it('when GitLab echoes it back', async () => {
      const { gitlab } = setup(
        () => json({ message: `token ${TOKEN} is revoked` }, { status: 401, headers: { 'x-echo': TOKEN } }),
        { ...credential, retry: 0 },
      );
      const error = (await gitlab.projects.milestones.get('acme/api', 9).catch((e: unknown) => e)) as GitLabApiError;
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error.gitlabMessage).toBe('token [REDACTED] is revoked');
      expect(error.headers['x-echo']).toBe('[REDACTED]');
      expectNoToken(error);
    });

    it('in timeout errors', async () => {
      const { gitlab } = setup(never, { ...credential, timeout: 10 });
      const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitLabTimeoutError);
      expectNoToken(error);
    });

    it('in connection errors, even when fetch attaches the request to its error', async () => {
      const { fetch } = fakeFetch((seen) => {
        const request = new Request(`${BASE}/api/v4/x`, { headers: seen.headers });
        throw Object.assign(new TypeError(`fetch failed for ${TOKEN}`), { request });
      });
      const gitlab = new GitLab({ baseUrl: BASE, ...credential, fetch, retry: 0 });
      const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitLabConnectionError);
      expectNoToken(error);
    });

    it('in validation errors', async () => {
      const { gitlab } = setup(() => json(milestone(1, { title: 42 })), credential);
      const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitLabResponseValidationError);
      expectNoToken(error);
    });

    it('in the client and in a resource built alone', () => {
      const { gitlab } = setup(() => json({}), credential);
      const { fetch } = fakeFetch(() => json({}));
      for (const value of [gitlab, new ProjectMilestones({ baseUrl: BASE, ...credential, fetch })]) {
        expect(inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true })).not.toContain(TOKEN);
        expect(JSON.stringify(value)).not.toContain(TOKEN);
        expect(String(value)).not.toContain(TOKEN);
        const seen = new Set<unknown>();
        const walk = (item: unknown): void => {
          if (item === null || (typeof item !== 'object' && typeof item !== 'function') || seen.has(item)) {
            expect(String(item)).not.toContain(TOKEN);
            return;
          }
          seen.add(item);
          for (const key of Reflect.ownKeys(item as object)) {
            const descriptor = Object.getOwnPropertyDescriptor(item, key);
            if (descriptor && 'value' in descriptor) walk(descriptor.value);
          }
        };
        walk(value);
      }
    });
  });
}

describe('credentials in URLs', () => {
  it('in URLs carrying credentials', () => {
    expect(sanitizeUrl(`https://u:${TOKEN}@gitlab.test/api/v4/x?private_token=${TOKEN}&page=2`)).toBe(
      'https://gitlab.test/api/v4/x?page=2',
    );
    for (const key of ['access_token', 'bearer_token', 'job_token']) {
      expect(sanitizeUrl(`https://gitlab.test/api/v4/x?${key}=${TOKEN}&page=2`)).toBe(
        'https://gitlab.test/api/v4/x?page=2',
      );
      expect(sanitizeUrl(`/api/v4/x?${key}=${TOKEN}`)).toBe(`/api/v4/x?${key}=[REDACTED]`);
    }
  });
});
