import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed, type MockGitLab } from '../mock/index.js';
import { BadRequestError } from '../src/index.js';
import { client, failure } from './fixtures.js';
import { listenOnLoopback, sendRaw } from './http-server-fixtures.js';

// Issue 22's table, row by row: what GitLab answers (its JsonValidation middleware, SPEC 9) to
// bodies sent to POST /api/v4/projects/:id/milestones, through the SDK and mock.fetch in-process,
// and over HTTP against the mock server (raw requests, so a GET can carry a body and a request can
// go without a content type). test/interop/curl.sh checks the same rows with curl against the CLI.

const TOKEN = 'glpat-maria-000000000000000';
const PROJECT = 'acme/platform/api';
const MILESTONES = `/api/v4/projects/${encodeURIComponent(PROJECT)}/milestones`;
const TOKENS = `/api/v4/projects/${encodeURIComponent(PROJECT)}/access_tokens`;

/** A value nested `depth` containers deep, as text and as data. */
const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}"v"${'}'.repeat(depth)}`;
function deep(depth: number): unknown {
  let value: unknown = 'v';
  for (let d = 0; d < depth; d++) value = { a: value };
  return value;
}
const manyKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, k) => [`k${k}`, 1]));

/** The rows: the body, and GitLab's answer. */
const ROWS: { name: string; path: string; body: string; error: string }[] = [
  {
    name: 'JSON nested 33 deep',
    path: MILESTONES,
    body: `{"title":"a","description":${nestedText(32)}}`,
    error: 'Parameters nested too deeply',
  },
  {
    name: 'JSON nested 100 deep',
    path: MILESTONES,
    body: `{"title":"a","description":${nestedText(99)}}`,
    error: 'Parameters nested too deeply',
  },
  {
    name: 'JSON nested 3,000 deep',
    path: MILESTONES,
    body: `{"title":"a","description":${nestedText(2_999)}}`,
    error: 'Parameters nested too deeply',
  },
  {
    name: 'a token name nested 5,000 deep',
    path: TOKENS,
    body: `{"name":${nestedText(4_999)},"scopes":["api"],"expires_at":"2026-12-31"}`,
    error: 'Parameters nested too deeply',
  },
  {
    name: 'an array of 50,001 elements',
    path: MILESTONES,
    body: JSON.stringify({ title: 'a', labels: Array(50_001).fill(1) }),
    error: 'Array parameter too large',
  },
  {
    name: 'an object of 50,000 keys',
    path: MILESTONES,
    body: JSON.stringify({ title: 'a', extra: manyKeys(50_000) }),
    error: 'Too many total parameters',
  },
  { name: 'malformed JSON', path: MILESTONES, body: '{"title": "a", description}', error: 'Invalid JSON format' },
];

describe('GitLab JSON limits, in-process', () => {
  let mock: MockGitLab;
  beforeAll(() => {
    mock = createMockGitLab({ seed: demoSeed });
  });

  it('surfaces each refusal through the SDK as BadRequestError with GitLab message, creating nothing', async () => {
    const gitlab = client(mock, TOKEN);
    const before = JSON.stringify(mock.exportState());
    const calls: [string, () => Promise<unknown>][] = [
      [
        'Parameters nested too deeply',
        () => gitlab.projects.milestones.create(PROJECT, { title: 'a', description: deep(33) as string }),
      ],
      [
        'Parameters nested too deeply',
        () => gitlab.projects.milestones.create(PROJECT, { title: 'a', description: deep(2_000) as string }),
      ],
      [
        'Parameters nested too deeply',
        () =>
          gitlab.projects.accessTokens.create(PROJECT, {
            name: deep(2_000) as string,
            scopes: ['api'],
            expires_at: '2026-12-31',
          }),
      ],
      [
        'Array parameter too large',
        () =>
          gitlab.projects.milestones.create(PROJECT, { title: 'a', labels: Array(50_001).fill(1) } as {
            title: string;
          }),
      ],
      [
        'Too many total parameters',
        () => gitlab.projects.milestones.create(PROJECT, { title: 'a', extra: manyKeys(50_000) } as { title: string }),
      ],
      [
        'Parameters nested too deeply',
        () => gitlab.projects.milestones.update(PROJECT, 1, { description: deep(40) as string }),
      ],
    ];
    for (const [message, send] of calls) {
      const error = await failure(send());
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.status).toBe(400);
      expect(error.gitlabMessage).toBe(message);
      expect(error.body).toEqual({ error: message });
    }
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('answers every row through mock.fetch, with and without a content type, and journals the limit', async () => {
    const before = JSON.stringify(mock.exportState());
    for (const row of ROWS) {
      for (const type of ['application/json', null]) {
        mock.requests.clear();
        const headers: Record<string, string> = { 'PRIVATE-TOKEN': TOKEN };
        if (type) headers['content-type'] = type;
        // Bytes, not a string: fetch gives a string body a text/plain content type of its own.
        const response = await mock.fetch(`${mock.baseUrl}${row.path}`, {
          method: 'POST',
          headers,
          body: new TextEncoder().encode(row.body),
        });
        expect(response.status, `${row.name} (${type})`).toBe(400);
        expect(await response.json()).toEqual({ error: row.error });
        expect(mock.requests.list()).toMatchObject([{ status: 400, user: 'maria', body: null }]);
        expect(mock.requests.list()[0]?.reason).toMatch(/^(over the JSON limit max_|malformed JSON at )/);
      }
    }
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('checks a JSON body to the OAuth routes too, which are not under /api/ (a form body is theirs)', async () => {
    const deepBody = `{"grant_type":${nestedText(40)}}`;
    const json = await mock.fetch(`${mock.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deepBody,
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: 'Parameters nested too deeply' });
    // No content type outside /api/: GitLab does not look, and the OAuth endpoint answers for itself.
    const bare = await mock.fetch(`${mock.baseUrl}/oauth/token`, {
      method: 'POST',
      body: new TextEncoder().encode('{'),
    });
    expect(await bare.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a body over 3 MB to protect or change a protected branch, the one size limit of a modelled route', async () => {
    const branches = `/api/v4/projects/${encodeURIComponent(PROJECT)}/protected_branches`;
    const sized = (bytes: number) => {
      const head = '{"name":"main","note":"';
      // One 'é' (two bytes in UTF-8): the limit is on bytes, not characters.
      return `${head}é${'x'.repeat(bytes - head.length - 4)}"}`;
    };
    expect(new TextEncoder().encode(sized(3 * 1024 * 1024)).length).toBe(3 * 1024 * 1024);
    for (const [method, path] of [
      ['POST', branches],
      ['PATCH', `${branches}/main`],
    ] as const) {
      mock.requests.clear();
      const before = JSON.stringify(mock.exportState());
      const over = await mock.fetch(`${mock.baseUrl}${path}`, {
        method,
        headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
        body: sized(3 * 1024 * 1024 + 1),
      });
      expect(over.status, method).toBe(400);
      expect(await over.json()).toEqual({ error: 'JSON body too large' });
      expect(mock.requests.list()[0]?.reason).toBe('over the JSON limit max_json_size_bytes');
      expect(JSON.stringify(mock.exportState())).toBe(before);
      // At the limit, the route answers for itself.
      const at = await mock.fetch(`${mock.baseUrl}${path}`, {
        method,
        headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
        body: sized(3 * 1024 * 1024),
      });
      expect(await at.text()).not.toContain('JSON body too large');
    }
    // Other routes have no size limit of their own (GitLab's default is none).
    const milestone = await mock.fetch(`${mock.baseUrl}${MILESTONES}`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'big', description: 'x'.repeat(4 * 1024 * 1024) }),
    });
    expect(milestone.status).toBe(201);
  });

  it('leaves bodies within the limits to the route', async () => {
    const gitlab = client(mock, TOKEN);
    // 32 deep, 50,000 in one array, 99,999 elements in all: GitLab lets it through, and the route
    // ignores the parameters it does not know.
    const made = await gitlab.projects.milestones.create(PROJECT, {
      title: 'within the limits',
      extra: deep(31),
      items: Array(49_993).fill(1),
    } as { title: string });
    expect(made.title).toBe('within the limits');
    // The route's own rules still apply: a description that is not a string.
    const error = await failure(
      gitlab.projects.milestones.create(PROJECT, { title: 'b', description: deep(31) as string }),
    );
    expect(error.gitlabMessage).toBe('description is invalid');
  });
});

describe('GitLab JSON limits at their exact edges, in-process', () => {
  let mock: MockGitLab;
  beforeAll(() => {
    mock = createMockGitLab({ seed: demoSeed });
  });

  it('lets a body of exactly 3 MB of ASCII protect a branch: the limit is on bytes over 3 MB', async () => {
    const branches = `/api/v4/projects/${encodeURIComponent(PROJECT)}/protected_branches`;
    const head = '{"name":"release-*","note":"';
    const body = `${head}${'x'.repeat(3 * 1024 * 1024 - head.length - 2)}"}`;
    expect(body.length).toBe(3 * 1024 * 1024);
    mock.requests.clear();
    const answer = await mock.fetch(`${mock.baseUrl}${branches}`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ name: 'release-*' });
    expect(mock.requests.list().at(-1)?.reason ?? '').not.toContain('JSON limit');
  });

  it('counts a null 32 levels deep as no container: the body is within the depth limit', async () => {
    // The root and 31 objects under it: 32 levels, the innermost holding a null.
    const body = `{"title":"null at 32","extra":${'{"a":'.repeat(31)}null${'}'.repeat(31)}}`;
    const answer = await mock.fetch(`${mock.baseUrl}${MILESTONES}`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ title: 'null at 32' });
    // One level more is refused, null or not.
    const deeper = `{"title":"null at 33","extra":${'{"a":'.repeat(32)}null${'}'.repeat(32)}}`;
    const refused = await mock.fetch(`${mock.baseUrl}${MILESTONES}`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
      body: deeper,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'Parameters nested too deeply' });
  });
});

const send = (base: string, method: string, path: string, body: string, type: string | null) =>
  sendRaw(base, TOKEN, method, path, body, type);

describe('GitLab JSON limits over HTTP', () => {
  let mock: MockGitLab;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    mock = createMockGitLab({ seed: demoSeed });
    ({ base, close } = await listenOnLoopback(mock));
  });
  afterAll(() => close());

  it('answers every row as GitLab, with and without a content type', async () => {
    const before = JSON.stringify(mock.exportState());
    for (const row of ROWS) {
      for (const type of ['application/json', 'application/json; charset=utf-8', null]) {
        const answer = await send(base, 'POST', row.path, row.body, type);
        expect(answer, `${row.name} (${type})`).toEqual({ status: 400, body: JSON.stringify({ error: row.error }) });
      }
    }
    expect(JSON.stringify(mock.exportState())).toBe(before);
  });

  it('checks a GET, PUT or DELETE carrying a 40-deep body too', async () => {
    const body = `{"description":${nestedText(40)}}`;
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await send(base, method, `${MILESTONES}/1`, body, 'application/json');
      expect(answer, method).toEqual({ status: 400, body: '{"error":"Parameters nested too deeply"}' });
    }
    // A GET without a body is answered as before.
    expect((await send(base, 'GET', MILESTONES, '', null)).status).toBe(200);
  });

  it('answers a body over the size bound 413 before any JSON limit, and a million-deep body 400', async () => {
    expect((await send(base, 'POST', MILESTONES, '['.repeat(11 * 1024 * 1024), 'application/json')).status).toBe(413);
    const answer = await send(base, 'POST', MILESTONES, '['.repeat(1_000_000), null);
    expect(answer).toEqual({ status: 400, body: '{"error":"Parameters nested too deeply"}' });
    // Not JSON by its content type: GitLab does not check it, and neither does the mock.
    const form = await send(
      base,
      'POST',
      MILESTONES,
      `title=${'%5B'.repeat(100)}`,
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(201);
  });
});
