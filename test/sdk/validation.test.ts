import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { GitLabResponseValidationError } from '../../src/index.js';
import { json, milestone, setup } from './helpers.js';

describe('response validation', () => {
  it('names the path of the first bad field in a list', async () => {
    const { gitlab } = setup(() => json([milestone(1), milestone(2, { due_date: '30/06/2026' })]));
    const error = await gitlab.projects.milestones.list(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    const validation = error as GitLabResponseValidationError;
    expect(validation.name).toBe('GitLabResponseValidationError');
    expect(validation.path).toBe('[1].due_date');
    expect(validation.message).toContain('[1].due_date');
    expect(validation.issues[0]?.path).toEqual([1, 'due_date']);
    expect(validation.method).toBe('GET');
  });

  it('names a field of a single object', async () => {
    const { title: _, ...untitled } = milestone(1);
    const { gitlab } = setup(() => json(untitled));
    await expect(gitlab.projects.milestones.get(1, 1)).rejects.toMatchObject({
      name: 'GitLabResponseValidationError',
      path: 'title',
    });
  });

  it('rejects a 2xx page that is not JSON (a wrong baseUrl)', async () => {
    const { gitlab } = setup(() => new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }));
    const error = await gitlab.projects.milestones.get(1, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitLabResponseValidationError);
    expect((error as Error).message).toContain('expected a JSON body, got text/html');
  });

  it('with validateResponses: false, returns the raw JSON', async () => {
    const raw = { ...milestone(1), due_date: 'soon', title: 42 };
    const { gitlab } = setup(() => json(raw), { validateResponses: false });
    await expect(gitlab.projects.milestones.get(1, 1)).resolves.toEqual(raw);
  });

  it('keeps fields the model does not know', async () => {
    const { gitlab } = setup(() => json(milestone(1, { color: 'teal', nested: { a: 1 } })));
    const result = await gitlab.projects.milestones.get(1, 1);
    expect(result).toMatchObject({ color: 'teal', nested: { a: 1 } });
  });

  it('validates the non-paginated burndown events', async () => {
    const events = [{ created_at: '2026-05-02T10:00:00Z', weight: 3, action: 'created' }];
    const good = setup(() => json(events));
    await expect(good.gitlab.projects.milestones.burndownEvents('acme/api', 1)).resolves.toEqual(events);
    expect(good.requests[0]?.url.pathname).toBe('/api/v4/projects/acme%2Fapi/milestones/1/burndown_events');
    const bad = setup(() => json([{ ...events[0], action: 'merged' }]));
    await expect(bad.gitlab.projects.milestones.burndownEvents(1, 1)).rejects.toMatchObject({ path: '[0].action' });
  });
});

describe('validation with zod’s compiled parser (from a model’s second use on)', () => {
  it('parses, keeps unknown fields and names bad fields as the first use did', async () => {
    const items = [milestone(1, { color: 'teal' }), milestone(2)];
    const bad = [milestone(1), milestone(2, { due_date: '30/06/2026' })];
    let body: unknown[] = items;
    const { gitlab } = setup(() => json(body));
    for (let use = 0; use < 3; use++) {
      const page = await gitlab.projects.milestones.list(1);
      expect(page.items).toEqual(items);
    }
    body = bad;
    await expect(gitlab.projects.milestones.list(1)).rejects.toMatchObject({
      name: 'GitLabResponseValidationError',
      path: '[1].due_date',
      issues: [expect.objectContaining({ path: [1, 'due_date'], message: 'expected a YYYY-MM-DD date' })],
    });
  });

  it('gives the same result as zod for every input, valid or not', async () => {
    const { safeParse } = await import('../../src/core/schemas.js');
    const { Milestone } = await import('../../src/index.js');
    const inputs: unknown[] = [
      milestone(1),
      { ...milestone(2), extra: [1, { b: 2 }] },
      { ...milestone(3), state: 'opened' },
      { ...milestone(4), id: 1.5 },
      { ...milestone(5), web_url: undefined },
      null,
      [],
    ];
    for (let use = 0; use < 3; use++) {
      for (const input of inputs) expect(safeParse(Milestone, input)).toEqual(Milestone.safeParse(input));
    }
  });
});

describe('the models', () => {
  /** Why a schema's parse could give back something else than its input; empty when it only checks. */
  function changesInput(schema: z.core.$ZodType, at: string): string[] {
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    const problems: string[] = [];
    const inner = (key: string, path: string) => problems.push(...changesInput(def[key] as z.core.$ZodType, path));
    switch (def.type) {
      case 'object': {
        const catchall = def.catchall as z.core.$ZodType | undefined;
        if (catchall?._zod.def.type !== 'unknown') problems.push(`${at}: drops unknown keys (use z.looseObject)`);
        for (const [key, value] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
          problems.push(...changesInput(value, `${at}.${key}`));
        }
        break;
      }
      case 'array':
        inner('element', `${at}[]`);
        break;
      case 'nullable':
      case 'optional':
        inner('innerType', at);
        break;
      // The webhook payloads (src/models/webhooks.ts): unions and records of checking schemas only check.
      case 'union':
        (def.options as z.core.$ZodType[]).forEach((option, i) => {
          problems.push(...changesInput(option, `${at}|${i}`));
        });
        break;
      case 'record':
        inner('keyType', `${at}{key}`);
        inner('valueType', `${at}{}`);
        break;
      case 'undefined':
      case 'string':
      case 'number':
      case 'boolean':
      case 'literal':
      case 'null':
      case 'unknown':
        break;
      default:
        problems.push(`${at}: ${def.type} may change the value`);
    }
    for (const check of (def.checks ?? []) as z.core.$ZodCheck[]) {
      if (check._zod.def.check === 'overwrite') problems.push(`${at}: a check that rewrites the value`);
    }
    return problems;
  }

  it('only check their input (loose objects, no transforms or defaults), so a valid body can be returned as it came', async () => {
    const exported: Record<string, unknown> = await import('../../src/index.js');
    const schemas = Object.entries(exported).filter(
      (entry): entry is [string, z.core.$ZodType] =>
        typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1],
    );
    expect(schemas.length).toBeGreaterThan(20);
    expect(schemas.flatMap(([name, schema]) => changesInput(schema, name))).toEqual([]);
    expect(changesInput(z.object({ a: z.string() }), 'Strict')).toEqual([
      'Strict: drops unknown keys (use z.looseObject)',
    ]);
    expect(changesInput(z.looseObject({ a: z.optional(z._default(z.string(), 'x')) }), 'Defaulted')).toEqual([
      'Defaulted.a: default may change the value',
    ]);
    expect(changesInput(z.string().check(z.trim()), 'Trimmed')).toEqual(['Trimmed: a check that rewrites the value']);
  });
});
