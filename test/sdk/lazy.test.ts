import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { lazySchema } from '../../src/core/lazy.js';
import { GitLab, Projects } from '../../src/index.js';
import { json, milestone, setup } from './helpers.js';

// Issue 41: nothing per route at import. The models are built on first read, the client's resources on first access.

/** zod calls this hook (an internal of zod's, there for `zod/compile`) once per schema it constructs. */
const zodConfig = (globalThis as { __zod_globalConfig?: { postProcessor?: (schema: unknown) => void } })
  .__zod_globalConfig as { postProcessor?: (schema: unknown) => void };

/** How many zod schemas `run` constructs. */
async function schemasBuiltBy(run: () => Promise<unknown>): Promise<number> {
  let built = 0;
  const previous = zodConfig.postProcessor;
  zodConfig.postProcessor = () => {
    built++;
  };
  try {
    await run();
  } finally {
    zodConfig.postProcessor = previous;
  }
  return built;
}

describe('importing the SDK', () => {
  it('builds no zod schema: not the root, not an area, not the OAuth helpers', async () => {
    vi.resetModules();
    const built = await schemasBuiltBy(async () => {
      for (const entry of ['index', 'milestones', 'applications', 'access-tokens', 'scim', 'approvals', 'oauth']) {
        await import(`../../src/${entry}.ts`);
      }
    });
    // Each model built at import, as before issue 41, made some 1,500 of them.
    expect(built).toBe(0);
    vi.resetModules();
  });

  it('builds a model and what it holds on its first use only, once', async () => {
    vi.resetModules();
    const fresh: typeof import('../../src/index.js') = await import('../../src/index.js');
    const first = await schemasBuiltBy(async () => fresh.Milestone.safeParse(milestone(1)));
    expect(first).toBeGreaterThan(10);
    expect(await schemasBuiltBy(async () => fresh.Milestone.safeParse(milestone(2)))).toBe(0);
    vi.resetModules();
  });
});

describe('a model built on first read', () => {
  it('is the schema itself from then on: zod’s own object, prototype and methods', () => {
    const schema = lazySchema(() => z.looseObject({ id: z.int() }));
    const plain = z.looseObject({ id: z.int() });
    expect(schema.safeParse({ id: 1, extra: true })).toEqual(plain.safeParse({ id: 1, extra: true }));
    expect(Object.getPrototypeOf(schema)).toBe(Object.getPrototypeOf(plain));
    expect(Object.hasOwn(schema, '_zod')).toBe(true);
    expect(schema).toBeInstanceOf(z.ZodMiniObject);
    expect(schema.shape.id._zod.def.type).toBe('number');
  });

  it('is built by whatever reads it first: `in`, an assignment, `instanceof`, zod reading it as a field', () => {
    const reads: [string, (schema: z.ZodMiniString) => unknown][] = [
      ['in', (schema) => '_zod' in schema],
      ['assignment', (schema) => Object.assign(schema, { note: 1 })],
      ['instanceof', (schema) => schema instanceof Date],
      ['a field', (schema) => z.looseObject({ name: schema }).safeParse({ name: 'a' }).success],
    ];
    for (const [name, read] of reads) {
      let builds = 0;
      const schema = lazySchema(() => {
        builds++;
        return z.string();
      });
      expect(builds, name).toBe(0);
      read(schema);
      expect(builds, name).toBe(1);
      expect(Object.hasOwn(schema, '_zod'), name).toBe(true);
      expect(schema.safeParse(42).success, name).toBe(false);
      expect(builds, name).toBe(1);
    }
  });

  it('keeps its checks and issues, nested in other models or arrays, and compiles', () => {
    const Day = lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date')));
    const Item = lazySchema(() => z.looseObject({ due: z.nullable(Day) }));
    const Items = lazySchema(() => z.array(Item));
    const result = Items.safeParse([{ due: '2026-01-01' }, { due: 'soon' }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ path: [1, 'due'], message: 'expected a YYYY-MM-DD date' }]);
    expect(z.validate(z.compile(Items), [{ due: null }])).toBe(true);
    expect(z.validate(z.compile(Items), [{ due: 'soon' }])).toBe(false);
  });

  it('says so when it reads itself while being built', () => {
    const Self: z.ZodMiniString = lazySchema(() => Self.check(z.minLength(1)));
    expect(() => Self.safeParse('a')).toThrow('a model read itself while it was being built');
  });

  it('is built again on the next read after a build that threw, with that build’s own error', () => {
    let attempts = 0;
    const Flaky = lazySchema(() => {
      attempts++;
      if (attempts === 1) throw new Error('not ready');
      return z.string();
    });
    expect(() => Flaky.safeParse('a')).toThrow('not ready');
    expect(Flaky.safeParse('a')).toEqual({ success: true, data: 'a' });
    expect(Flaky.safeParse('b').success).toBe(true);
    expect(attempts).toBe(2);
  });

  it('keeps the SDK’s exported models what they were: the area’s and the root’s are one object', async () => {
    const root = await import('../../src/index.js');
    const area = await import('../../src/milestones.js');
    expect(area.Milestone).toBe(root.Milestone);
    expect('_zod' in area.Milestone).toBe(true);
    expect(area.Milestone).toBeInstanceOf(z.ZodMiniObject);
  });
});

describe('the client’s resources', () => {
  it('are made on first access, then are plain properties holding one instance', async () => {
    const gitlab = new GitLab({ baseUrl: 'https://gitlab.test' });
    expect(Object.getOwnPropertyDescriptor(gitlab, 'projects')?.get).toBeTypeOf('function');
    const projects = gitlab.projects;
    expect(projects).toBeInstanceOf(Projects);
    expect(gitlab.projects).toBe(projects);
    expect(Object.getOwnPropertyDescriptor(gitlab, 'projects')).toEqual({
      value: projects,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    // The resources inside a resource too.
    expect(Object.getOwnPropertyDescriptor(projects, 'milestones')?.get).toBeTypeOf('function');
    expect(projects.milestones).toBe(projects.milestones);
    expect(Object.getOwnPropertyDescriptor(projects, 'milestones')?.value).toBe(projects.milestones);
  });

  it('show as they did: the same keys, and one shared connection', async () => {
    const gitlab = new GitLab({ baseUrl: 'https://gitlab.test' });
    expect(Object.keys(gitlab)).toEqual([
      'applications',
      'projects',
      'mergeRequests',
      'issues',
      'groups',
      'users',
      'personalAccessTokens',
      'namespaces',
      'events',
      'hooks',
    ]);
    expect(Object.keys(gitlab.projects)).toContain('mergeRequests');
    expect(Object.keys(gitlab.projects.mergeRequests)).toEqual(['approvals', 'approvalRules']);
    expect(Object.keys(gitlab.groups)).toContain('scim');
    expect(Object.keys(gitlab.users)).toEqual(['keys', 'personalAccessTokens', 'impersonationTokens']);
    const { gitlab: client, requests } = setup(() => json([milestone(1)]));
    await client.projects.milestones.list(1);
    await client.groups.milestones.list(2);
    await client.version().catch(() => undefined);
    expect(requests.map((request) => request.url.pathname)).toEqual([
      '/api/v4/projects/1/milestones',
      '/api/v4/groups/2/milestones',
      '/api/v4/version',
    ]);
  });
});
