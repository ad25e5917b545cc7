import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockGitLab, type SeedDocument } from '../../mock/index.js';
import type { MilestoneListQuery } from '../../src/index.js';
import { clientsOf } from '../fixtures.js';
import { type Refusal, refusedAs } from './recording.js';

// Project milestones under random sequences of create, update (title, dates,
// close / reopen), delete and clock moves, with list queries in between. After
// every step: iids are unique in the project and never handed out twice; and a
// random filter (state, title, search, iids, include_ancestors, updated_before /
// updated_after) walked page by page with a random per_page returns each matching
// milestone exactly once, in GitLab's order, with the state and `expired` the
// test's own model of the operations gives (never the mock's stored state); every
// refusal is the one the model predicts, status and rule (GITLAB-BEHAVIOR 6, docs/mock.md).
// fast-check prints `seed` and `path` on failure; pass them to `fc.assert` to replay.

const SEED = 6_2026;
const RUNS = 50;
const PROJECT = 'acme/platform/api';
const START = Date.parse('2026-06-01T09:00:00Z');

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'planner', token: 'glpat-planner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'guest', token: 'glpat-guest' },
  ],
  groups: [
    {
      path: 'acme',
      plan: 'premium',
      milestones: [{ title: 'FY26' }, { title: 'Alpha release', description: 'Company wide', due_date: '2026-07-01' }],
    },
    {
      path: 'acme/platform',
      members: { maintainer: 40, planner: 15, guest: 10 },
      milestones: [{ title: 'Platform Q3', state: 'closed', due_date: '2026-09-30' }],
    },
  ],
  projects: [
    {
      path: PROJECT,
      milestones: [
        { title: 'v1.0', due_date: '2026-06-30', description: 'General availability' },
        { title: 'v0.9', state: 'closed', due_date: '2026-03-31' },
        { title: 'Backlog' },
      ],
    },
  ],
};

const TITLES = ['v1.0', 'v1.1', 'v2.0', 'Beta release', 'beta', 'Backlog', 'FY26', 'Platform Q3', 'Hotfix'];
const DESCRIPTIONS = ['', 'Release train', 'general availability', 'v1 follow-up'];
const SEARCHES = ['v1', 'release', 'RELEASE beta', 'a', 'v', 'Backlog', 'beta', 'general availability', 'zz', ''];
// Due today and tomorrow on the runs' clock, so "expired" is reached at its boundary as the clock moves.
const date = fc.option(fc.constantFrom('2026-05-01', '2026-06-01', '2026-06-02', '2026-06-15', '2026-08-01'), {
  freq: 2,
});
const writer = fc.constantFrom('glpat-planner', 'glpat-planner', 'glpat-maintainer', 'glpat-guest');
/** A moment a few hours around the runs' clock, for updated_before / updated_after. */
const moment = fc.integer({ min: -2, max: 60 }).map((hours) => new Date(START + hours * 3_600_000).toISOString());

type Op =
  | { op: 'create'; by: string; title: string; description: string | null; start: string | null; due: string | null }
  | {
      op: 'update';
      by: string;
      pick: number;
      title: string | null;
      description: string | null;
      due: string | null;
      event: 'close' | 'activate' | null;
    }
  | { op: 'delete'; by: string; pick: number }
  | { op: 'advance'; hours: number }
  | { op: 'list'; query: MilestoneListQuery };

/** A filter that is absent four times in five, so most queries keep one or two filters and match something. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const queryArb: fc.Arbitrary<MilestoneListQuery> = fc
  .record({
    state: sometimes(fc.constantFrom('active' as const, 'closed' as const, 'all' as const)),
    title: sometimes(fc.constantFrom(...TITLES)),
    search: sometimes(fc.constantFrom(...SEARCHES)),
    iids: sometimes(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 })),
    include_ancestors: sometimes(fc.boolean()),
    updated_before: sometimes(moment),
    updated_after: sometimes(moment),
    per_page: fc.integer({ min: 1, max: 3 }),
  })
  .map((query) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as MilestoneListQuery);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      by: writer,
      title: fc.constantFrom(...TITLES),
      description: fc.option(fc.constantFrom(...DESCRIPTIONS)),
      start: date,
      due: date,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('update' as const),
      by: writer,
      pick: fc.nat(),
      title: fc.option(fc.constantFrom(...TITLES), { freq: 2 }),
      description: fc.option(fc.constantFrom(...DESCRIPTIONS), { freq: 2 }),
      due: date,
      event: fc.option(fc.constantFrom('close' as const, 'activate' as const), { freq: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), by: writer, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('advance' as const), hours: fc.integer({ min: 0, max: 12 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('list' as const), query: queryArb }) },
);

// ---------------------------------------------------------------------------------------------
// The model: the milestones as the operations left them, by GitLab's rules (GITLAB-BEHAVIOR 6)

interface Model {
  id: number;
  iid: number;
  /** A milestone of the project, or of one of its groups (acme/platform, acme). */
  owner: 'project' | 'group';
  title: string;
  description: string | null;
  start_date: string | null;
  due_date: string | null;
  state: 'active' | 'closed';
  /** Milliseconds on the model's clock. */
  updated_at: number;
}

const TAKEN = 'already being used for another group or project milestone.';
/** Writing milestones needs Planner (15): the guest is refused. */
const FORBIDDEN: Refusal = { status: 403, message: '403 Forbidden' };

function matchesSearch(m: Model, query: string): boolean {
  const fields = [m.title, m.description ?? ''].map((f) => f.toLowerCase());
  const terms = query
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t.length >= 2);
  // Without a term of two characters or more, the query must equal a whole title or description.
  if (terms.length === 0)
    return [m.title, m.description].some((f) => f !== null && f.toLowerCase() === query.toLowerCase());
  return terms.every((term) => fields.some((field) => field.includes(term)));
}

function expectedList(model: readonly Model[], query: MilestoneListQuery): Model[] {
  const state = query.state ?? 'all';
  return (
    model
      .filter((m) => m.owner === 'project' || query.include_ancestors === true)
      .filter((m) => state === 'all' || m.state === state)
      // An empty list of iids puts nothing on the wire, so it filters nothing.
      .filter((m) => query.include_ancestors === true || !query.iids?.length || query.iids.includes(m.iid))
      .filter((m) => query.title === undefined || m.title === query.title)
      .filter((m) => query.search === undefined || matchesSearch(m, query.search))
      .filter((m) => query.updated_before === undefined || m.updated_at <= Date.parse(query.updated_before))
      .filter((m) => query.updated_after === undefined || m.updated_at >= Date.parse(query.updated_after))
      .sort((a, b) => {
        if (a.due_date !== b.due_date) {
          if (a.due_date === null) return 1;
          if (b.due_date === null) return -1;
          return a.due_date < b.due_date ? -1 : 1;
        }
        return b.id - a.id;
      })
  );
}

/** Model errors of a title and dates: unique among the project's and its groups' milestones, due after start. */
function modelErrors(
  model: readonly Model[],
  fields: Pick<Model, 'title' | 'start_date' | 'due_date'>,
  except?: Model,
) {
  const errors: string[] = [];
  if (model.some((m) => m !== except && m.title === fields.title)) errors.push(`:title=>["${TAKEN}"]`);
  if (fields.start_date && fields.due_date && fields.due_date <= fields.start_date) {
    errors.push(':due_date=>["must be greater than start date"]');
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------

const seen = { created: 0, updated: 0, deleted: 0, refused: 0, lists: 0, pages: 0, nonEmpty: 0, ancestors: 0 };

class Run {
  readonly mock = createMockGitLab({ seed });
  /** Every iid the project's milestones have had. */
  readonly issued = new Set<number>();
  readonly client = clientsOf(this.mock);
  /** The model's clock, moved only by the test's own `advance` operations. */
  now = START;
  readonly model: Model[];

  constructor() {
    // The seeded milestones as the seed document states them; ids are the mock's handles.
    this.model = [...this.mock.world.milestones.values()].map((m) => ({
      id: m.id,
      iid: m.iid,
      owner: m.project_id !== null ? ('project' as const) : ('group' as const),
      title: m.title,
      description: m.description,
      start_date: m.start_date,
      due_date: m.due_date,
      state: m.state,
      updated_at: START,
    }));
    for (const m of this.projectMilestones()) this.issued.add(m.iid);
  }

  projectMilestones(): Model[] {
    return this.model.filter((m) => m.owner === 'project');
  }

  pick(n: number): Model | undefined {
    const all = this.projectMilestones();
    return all[n % Math.max(all.length, 1)];
  }

  async step(op: Op): Promise<void> {
    const milestones = (token: string) => this.client(token).projects.milestones;
    const writes = op.op !== 'advance' && op.op !== 'list' && op.by !== 'glpat-guest';
    switch (op.op) {
      case 'create': {
        const fields = { title: op.title, start_date: op.start, due_date: op.due };
        const errors = modelErrors(this.model, fields);
        const created = await milestones(op.by)
          .create(PROJECT, {
            title: op.title,
            description: op.description ?? undefined,
            start_date: op.start ?? undefined,
            due_date: op.due ?? undefined,
          })
          .catch(refused(!writes ? FORBIDDEN : { status: 400, message: ['Failed to create milestone {', ...errors] }));
        if (!created) return;
        expect(writes && errors.length === 0, `created although the model refuses ${errors.join(', ')}`).toBe(true);
        seen.created++;
        expect(this.issued.has(created.iid), `iid ${created.iid} handed out again`).toBe(false);
        this.issued.add(created.iid);
        this.model.push({
          id: created.id,
          iid: created.iid,
          owner: 'project',
          ...fields,
          description: op.description,
          state: 'active',
          updated_at: this.now,
        });
        return;
      }
      case 'update': {
        const target = this.pick(op.pick);
        if (!target) return;
        const next = {
          title: op.title ?? target.title,
          start_date: target.start_date,
          due_date: op.due ?? target.due_date,
        };
        // Parameters come before rights: an update that sets nothing is a 400 for everyone.
        const empty = op.title === null && op.description === null && op.due === null && op.event === null;
        const errors = empty ? ['at least one parameter must be provided'] : modelErrors(this.model, next, target);
        const expected: Refusal = empty
          ? { status: 400, message: errors }
          : !writes
            ? FORBIDDEN
            : { status: 400, message: ['Failed to update milestone {', ...errors] };
        const updated = await milestones(op.by)
          .update(PROJECT, target.id, {
            title: op.title ?? undefined,
            description: op.description ?? undefined,
            due_date: op.due ?? undefined,
            state_event: op.event ?? undefined,
          })
          .catch(refused(expected));
        if (!updated) return;
        expect(writes && errors.length === 0, `updated although the model refuses ${errors.join(', ')}`).toBe(true);
        seen.updated++;
        expect(updated.iid, 'an update keeps the iid').toBe(target.iid);
        Object.assign(target, next, { updated_at: this.now });
        if (op.description !== null) target.description = op.description;
        if (op.event === 'close') target.state = 'closed';
        if (op.event === 'activate') target.state = 'active';
        return;
      }
      case 'delete': {
        const target = this.pick(op.pick);
        if (!target) return;
        const deleted = await milestones(op.by)
          .delete(PROJECT, target.id)
          .then(() => true, refused(FORBIDDEN));
        if (!deleted) return;
        expect(writes, 'the guest deleted a milestone').toBe(true);
        seen.deleted++;
        this.model.splice(this.model.indexOf(target), 1);
        return;
      }
      case 'advance':
        this.mock.clock.advance({ hours: op.hours });
        this.now += op.hours * 3_600_000;
        return;
      case 'list':
        return this.walk(op.query);
    }
  }

  /** Every page of a query: each matching milestone exactly once, in order, and X-Total agreeing. */
  async walk(query: MilestoneListQuery): Promise<void> {
    const expected = expectedList(this.model, query);
    // Expired: due before today on the model's clock (a milestone due today is not).
    const today = new Date(this.now).toISOString().slice(0, 10);
    const shown = (m: Model) => ({
      id: m.id,
      title: m.title,
      state: m.state,
      due_date: m.due_date,
      expired: m.due_date !== null && m.due_date < today,
    });
    const got: ReturnType<typeof shown>[] = [];
    const reader = this.client('glpat-guest').projects.milestones;
    for (let page = 1; ; page++) {
      const result = await reader.list(PROJECT, { ...query, page });
      seen.pages++;
      expect(result.total, `X-Total of ${JSON.stringify(query)}`).toBe(expected.length);
      got.push(
        ...result.items.map((m) => ({
          id: m.id,
          title: m.title,
          state: m.state,
          due_date: m.due_date,
          expired: m.expired,
        })),
      );
      if (result.nextPage === undefined) break;
      expect(result.nextPage, 'the next page follows this one').toBe(page + 1);
    }
    expect(got, `pages of ${JSON.stringify(query)}`).toEqual(expected.map(shown));
    seen.lists++;
    if (expected.length > 0) seen.nonEmpty++;
    if (query.include_ancestors && expected.length > 0) seen.ancestors++;
  }

  check(): void {
    const iids = this.projectMilestones().map((m) => m.iid);
    expect(new Set(iids).size, `iids ${iids.join(',')} are unique`).toBe(iids.length);
    for (const iid of iids) expect(this.issued.has(iid), `iid ${iid} came from nowhere`).toBe(true);
  }
}

/** `refusedAs(expected)`, counting the refusals so the property can tell it reached them. */
function refused(expected: Refusal) {
  const check = refusedAs(expected);
  return (error: unknown): undefined => {
    check(error);
    seen.refused++;
    return undefined;
  };
}

describe('project milestones under random operations (model-based)', () => {
  it('iids stay unique, and every filtered list returns each match exactly once across pages', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30, size: 'max' }), queryArb, async (ops, last) => {
        const run = new Run();
        for (const op of ops) {
          await run.step(op);
          run.check();
          steps++;
        }
        await run.walk(last);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`milestones model: ${RUNS} runs, ${steps} steps`, seen);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });
});
