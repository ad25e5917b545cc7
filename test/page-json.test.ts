import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityJson, sameJson } from '../mock/http/entity-json.js';
import type { MockGitLab, SeedDocument } from '../mock/index.js';
import { createMockGitLab } from '../mock/index.js';
import { startMockServer } from '../mock/node/index.js';
import { presentMergeRequest, presentMergeRequestSimple } from '../mock/present/merge-requests.js';
import { presentMilestone } from '../mock/present/milestones.js';
import { propertyRuns } from './fixtures.js';

/**
 * Issue 40: list pages reuse the JSON text of records that have not changed since they were last
 * listed (`mock/http/entity-json.ts`). Every answer must stay byte for byte what the presenters and
 * `JSON.stringify` of the page give for the world as it is now: after edits, a rename of the project
 * (its `web_url`), the clock passing a due date (`expired`), deletions and creations.
 */

const TOKEN = 'glpat-owner';
const PROJECT = 'acme/api';

/** Strings that stress `JSON.stringify`: quotes, backslashes, control characters, non-ASCII, lone surrogates. */
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('"quoted"', 'back\\slash', 'line\nbreak', 'tab\there', 'émoji 🚀', '\u2028\u2029', '\ud800 alone'),
);
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-06-${String(d).padStart(2, '0')}`);

const world = fc.record({
  milestones: fc.uniqueArray(
    fc.record({
      // Titles GitLab keeps as they are (it strips markup from a title), so merge requests can name them.
      title: fc.stringMatching(/^[a-z0-9][a-z0-9 .]{0,10}[a-z0-9]$/),
      description: fc.option(text, { nil: undefined }),
      state: fc.constantFrom('active', 'closed') as fc.Arbitrary<'active' | 'closed'>,
      due_date: fc.option(day, { nil: undefined }),
    }),
    { maxLength: 25, selector: (m) => m.title },
  ),
  mergeRequests: fc.array(
    fc.record({
      title: fc.string({ minLength: 1, maxLength: 15 }).filter((t) => t.trim().length > 0),
      description: fc.option(text, { nil: undefined }),
      labels: fc.subarray(['bug', 'feature', 'backend']),
      assignees: fc.subarray(['owner', 'dev']),
      draft: fc.boolean(),
    }),
    { maxLength: 8 },
  ),
});

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('list milestones' as const),
    perPage: fc.integer({ min: 1, max: 30 }),
    page: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('list merge requests' as const),
    perPage: fc.integer({ min: 1, max: 10 }),
    simple: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('edit milestone' as const),
    at: fc.nat(),
    description: text,
    close: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('delete milestone' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('create milestone' as const), title: fc.uuid(), due: fc.option(day) }),
  fc.record({
    kind: fc.constant('edit merge request' as const),
    at: fc.nat(),
    title: text.filter((t) => t.trim() !== ''),
  }),
  fc.record({ kind: fc.constant('rename project' as const), path: fc.constantFrom('api', 'api-v2', 'core') }),
  fc.record({ kind: fc.constant('advance clock' as const), days: fc.integer({ min: 1, max: 20 }) }),
);

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

function seedOf(w: World) {
  return {
    now: '2026-06-01T09:00:00Z',
    instance: { offering: 'hosted' },
    users: [
      { username: 'owner', token: TOKEN },
      { username: 'dev', token: 'glpat-dev' },
    ],
    groups: [{ path: 'acme', plan: 'premium', members: { owner: 50, dev: 30 } }],
    projects: [
      {
        path: PROJECT,
        branches: w.mergeRequests.map((_, i) => `topic-${i}`),
        labels: [{ name: 'bug' }, { name: 'feature' }, { name: 'backend' }],
        milestones: w.milestones.map((m) => ({
          title: m.title,
          ...(m.description === undefined ? {} : { description: m.description }),
          state: m.state,
          ...(m.due_date === undefined ? {} : { due_date: m.due_date }),
        })),
        merge_requests: w.mergeRequests.map((mr, i) => ({
          title: mr.title,
          ...(mr.description === undefined ? {} : { description: mr.description }),
          author: 'owner',
          source_branch: `topic-${i}`,
          labels: mr.labels,
          assignees: mr.assignees,
          draft: mr.draft,
          ...(w.milestones[i] ? { milestone: w.milestones[i].title } : {}),
        })),
      },
    ],
  } satisfies SeedDocument;
}

async function get(mock: MockGitLab, path: string): Promise<string> {
  const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
  expect(response.status).toBe(200);
  return response.text();
}

async function send(mock: MockGitLab, method: string, path: string, json: unknown): Promise<number> {
  const response = await mock.fetch(`${mock.baseUrl}/api/v4${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  await response.text();
  return response.status;
}

/** The project's current path, as a URL segment. */
const projectRef = (mock: MockGitLab) => {
  const project = [...mock.world.projects.values()].find((p) => p.path_with_namespace.startsWith('acme/'));
  return encodeURIComponent(project?.path_with_namespace ?? PROJECT);
};

describe('list pages reuse unchanged records’ JSON (issue 40)', () => {
  it('answers byte for byte what the presenters and JSON.stringify give, through edits, renames and the clock', async () => {
    await fc.assert(
      fc.asyncProperty(world, fc.array(operation, { minLength: 1, maxLength: 25 }), async (w, operations) => {
        const mock = createMockGitLab({ seed: seedOf(w) });
        const ids = (kind: 'milestones' | 'mergeRequests') => [...mock.world[kind].keys()];
        for (const op of [...operations, { kind: 'list milestones' as const, perPage: 100, page: 1 }]) {
          const project = projectRef(mock);
          switch (op.kind) {
            case 'list milestones': {
              const body = await get(mock, `/projects/${project}/milestones?per_page=${op.perPage}&page=${op.page}`);
              // The old page: the presenters' entities of the records listed, as the world is now, stringified whole.
              const listed = (JSON.parse(body) as { id: number }[]).map((m) => mock.world.milestones.get(m.id));
              expect(listed.every((m) => m !== undefined)).toBe(true);
              expect(body).toBe(
                JSON.stringify(listed.map((m) => presentMilestone(mock.world, m as NonNullable<typeof m>))),
              );
              break;
            }
            case 'list merge requests': {
              const view = op.simple ? '&view=simple' : '';
              const body = await get(mock, `/projects/${project}/merge_requests?per_page=${op.perPage}${view}`);
              const listed = (JSON.parse(body) as { id: number }[]).map((mr) => mock.world.mergeRequests.get(mr.id));
              const present = op.simple ? presentMergeRequestSimple : presentMergeRequest;
              expect(body).toBe(JSON.stringify(listed.map((mr) => present(mock.world, mr as NonNullable<typeof mr>))));
              break;
            }
            case 'edit milestone': {
              const all = ids('milestones');
              if (all.length === 0) break;
              const id = all[op.at % all.length];
              const changes = { description: op.description, state_event: op.close ? 'close' : 'activate' };
              expect(await send(mock, 'PUT', `/projects/${project}/milestones/${id}`, changes)).toBe(200);
              break;
            }
            case 'delete milestone': {
              const all = ids('milestones');
              if (all.length === 0) break;
              expect(await send(mock, 'DELETE', `/projects/${project}/milestones/${all[op.at % all.length]}`, {})).toBe(
                204,
              );
              break;
            }
            case 'create milestone': {
              const body = { title: op.title, ...(op.due === null ? {} : { due_date: op.due }) };
              expect(await send(mock, 'POST', `/projects/${project}/milestones`, body)).toBe(201);
              break;
            }
            case 'edit merge request': {
              const all = [...mock.world.mergeRequests.values()];
              if (all.length === 0) break;
              const mr = all[op.at % all.length] as (typeof all)[number];
              expect(
                await send(mock, 'PUT', `/projects/${project}/merge_requests/${mr.iid}`, { title: op.title }),
              ).toBe(200);
              break;
            }
            case 'rename project': {
              const status = await send(mock, 'PUT', `/projects/${project}`, { path: op.path });
              expect([200, 400]).toContain(status);
              break;
            }
            case 'advance clock':
              mock.clock.advance({ days: op.days });
              break;
          }
        }
      }),
      { numRuns: propertyRuns(60, 15) },
    );
  });

  it('reuses a record’s text only while its entity is the same, keys in the same order', () => {
    const record = {};
    const first = entityJson(record, { a: 1, b: 'x', c: [1, { d: null }] });
    expect(first).toBe('{"a":1,"b":"x","c":[1,{"d":null}]}');
    // The same entity, a new object: the kept text.
    expect(entityJson(record, { a: 1, b: 'x', c: [1, { d: null }] })).toBe(first);
    // A value deep inside, a key order, a key more or less: a new text.
    expect(entityJson(record, { a: 1, b: 'x', c: [1, { d: 0 }] })).toBe('{"a":1,"b":"x","c":[1,{"d":0}]}');
    expect(entityJson(record, { b: 'x', a: 1, c: [1, { d: 0 }] })).toBe('{"b":"x","a":1,"c":[1,{"d":0}]}');
    expect(entityJson(record, { b: 'x', a: 1 })).toBe('{"b":"x","a":1}');
    expect(entityJson(record, { b: 'x', a: 1, e: undefined })).toBe('{"b":"x","a":1}');
    // Each record keeps its own text.
    expect(entityJson({}, { b: 'x', a: 2 })).toBe('{"b":"x","a":2}');
  });

  it('counts as the same only plain data: a Date, an instance or a Map is never reused', () => {
    expect(sameJson({ a: [1, 'x', null, true] }, { a: [1, 'x', null, true] })).toBe(true);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson({ 0: 1 }, [1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson(new Date(0), new Date(1))).toBe(false);
    expect(sameJson(new Map(), new Map())).toBe(false);
    expect(sameJson(Object.create(null), {})).toBe(true);
    expect(sameJson(Number.NaN, Number.NaN)).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});

describe('the HTTP server’s bytes of a page (issue 40)', () => {
  it('are those of the page as it is now: encoded once while it does not change, again when it does', async () => {
    const seed = seedOf({
      milestones: Array.from({ length: 40 }, (_, i) => ({
        title: `v${i}`,
        description: `Release ${i}: ünïcödé and "quotes"`,
        state: 'active' as const,
        due_date: '2026-06-10',
      })),
      mergeRequests: [],
    });
    const server = await startMockServer({ port: 0, seed });
    try {
      const page = async () => {
        const response = await fetch(`${server.url}/api/v4/projects/acme%2Fapi/milestones?per_page=40`, {
          headers: { 'PRIVATE-TOKEN': TOKEN },
        });
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
        return bytes.toString('utf8');
      };
      const first = await page();
      expect(await page()).toBe(first);
      const [id] = (JSON.parse(first) as { id: number }[]).map((m) => m.id);
      const edit = await fetch(`${server.url}/api/v4/projects/acme%2Fapi/milestones/${id}`, {
        method: 'PUT',
        headers: { 'PRIVATE-TOKEN': TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'changed: ✓' }),
      });
      expect(edit.status).toBe(200);
      const changed = await page();
      expect(changed).not.toBe(first);
      expect((JSON.parse(changed) as { id: number; description: string }[]).find((m) => m.id === id)?.description).toBe(
        'changed: ✓',
      );
      // The same bytes as the in-process mock's answer for the same world, on the server's origin.
      const mock = createMockGitLab({ seed, baseUrl: server.url });
      await send(mock, 'PUT', `/projects/acme%2Fapi/milestones/${id}`, { description: 'changed: ✓' });
      expect(changed).toBe(await get(mock, '/projects/acme%2Fapi/milestones?per_page=40'));
    } finally {
      await server.close();
    }
  });
});
