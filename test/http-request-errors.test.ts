import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockGitLab } from '../mock/index.js';
import { answerOf, createTestMock } from './fixtures.js';
import { listenOnLoopback, sendRaw } from './http-server-fixtures.js';

const MILESTONES = '/api/v4/projects/acme%2Fplatform%2Fapi/milestones';
const TOKEN = 'glpat-maintainer';

async function send(
  mock: MockGitLab,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: BodyInit },
) {
  const headers = { 'PRIVATE-TOKEN': TOKEN, ...init.headers };
  return answerOf(await mock.fetch(new Request(`${mock.baseUrl}${path}`, { method, headers, body: init.body })));
}

describe('a multipart body: its fields are parameters, as GitLab reads them', () => {
  it('creates a milestone from a multipart form', async () => {
    const mock = createTestMock();
    const form = new FormData();
    form.append('title', 'v1 from a form');
    form.append('description', 'sent as multipart');
    const answer = await send(mock, 'POST', MILESTONES, { body: form });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ title: 'v1 from a form', description: 'sent as multipart' });
    expect(mock.requests.list().at(-1)?.body).toEqual({ title: 'v1 from a form', description: 'sent as multipart' });
  });
});

describe('a whitespace-only JSON body: no parameters, not malformed JSON', () => {
  it('answers the missing parameter, not "body is invalid JSON", and changes nothing', async () => {
    const mock = createTestMock();
    expect((await send(mock, 'GET', MILESTONES, {})).status).toBe(200); // the token's first use, before the snapshot
    const before = JSON.stringify(mock.exportState());
    const answer = await send(mock, 'POST', MILESTONES, {
      headers: { 'content-type': 'application/json' },
      body: ' \n\t ',
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'title is missing' } });
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });
});

describe('an empty refusal (Doorkeeper’s userinfo): no JSON content type on an answer without a body', () => {
  it('answers 401 with the challenge only', async () => {
    const mock = createTestMock();
    const response = await mock.fetch(
      new Request(`${mock.baseUrl}/oauth/userinfo`, { headers: { authorization: 'Bearer nope' } }),
    );
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type') ?? '').not.toContain('json');
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"',
    );
  });
});

const raw = (base: string, method: string, path: string, body: string, type: string) =>
  sendRaw(base, TOKEN, method, path, body, type);

describe('a JSON body on GET or HEAD (over HTTP): ignored, as Grape parses JSON bodies only for POST, PUT, PATCH and DELETE', () => {
  let mock: MockGitLab;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    mock = createTestMock();
    ({ base, close } = await listenOnLoopback(mock));
  });
  afterAll(() => close());

  it('answers a GET carrying a JSON array as one without, and journals no body', async () => {
    const plain = await raw(base, 'GET', MILESTONES, '', 'application/json');
    expect(plain.status).toBe(200);
    expect(await raw(base, 'GET', MILESTONES, '[1]', 'application/json')).toEqual(plain);
    expect(mock.requests.list().at(-1)?.body ?? null).toBeNull();
  });

  it('answers a HEAD carrying a JSON array as one without', async () => {
    const plain = await raw(base, 'HEAD', MILESTONES, '', 'application/json');
    expect(plain.status).toBe(200);
    expect(await raw(base, 'HEAD', MILESTONES, '[1]', 'application/json')).toEqual(plain);
  });
});
