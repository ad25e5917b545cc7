import { describe, expect, it } from 'vitest';
import { path } from '../../src/core/path.js';
import { GitLab } from '../../src/index.js';
import { BASE, json, milestone, setup, TOKEN } from './helpers.js';

describe('path', () => {
  it('encodes every interpolated value, numbers as they are', () => {
    expect(path`projects/${'acme/api'}/milestones/${7}`).toBe('projects/acme%2Fapi/milestones/7');
    expect(path`groups/${'a b?#'}`).toBe('groups/a%20b%3F%23');
  });

  it('refuses segments that would address another endpoint', () => {
    expect(() => path`projects/${''}/milestones`).toThrow(TypeError);
    expect(() => path`projects/${'..'}/milestones`).toThrow(TypeError);
    expect(() => path`projects/${Number.NaN}/milestones`).toThrow(TypeError);
  });

  it('sends a full path as one encoded segment', async () => {
    const { gitlab, requests } = setup(() => json(milestone(7)));
    await gitlab.projects.milestones.get('acme/platform/api', 7);
    expect(requests[0]?.rawUrl).toBe(`${BASE}/api/v4/projects/acme%2Fplatform%2Fapi/milestones/7`);
  });
});

describe('base URL', () => {
  for (const baseUrl of [BASE, `${BASE}/`, `${BASE}/api/v4`, `${BASE}/api/v4/`]) {
    it(`accepts ${baseUrl}`, async () => {
      const { gitlab, requests } = setup(() => json(milestone(2)), { baseUrl });
      await gitlab.projects.milestones.get(1, 2);
      expect(requests[0]?.rawUrl).toBe(`${BASE}/api/v4/projects/1/milestones/2`);
    });
  }

  it('keeps a sub-path install', async () => {
    const { gitlab, requests } = setup(() => json(milestone(2)), { baseUrl: `${BASE}/gitlab/` });
    await gitlab.projects.milestones.get(1, 2);
    expect(requests[0]?.rawUrl).toBe(`${BASE}/gitlab/api/v4/projects/1/milestones/2`);
  });

  it('is required', () => {
    expect(() => new GitLab({ baseUrl: '' })).toThrow(TypeError);
  });
});

describe('headers', () => {
  it('sends the token as PRIVATE-TOKEN and asks for JSON', async () => {
    const { gitlab, requests } = setup(() => json(milestone(1)));
    await gitlab.projects.milestones.get(1, 1);
    expect(requests[0]?.headers.get('private-token')).toBe(TOKEN);
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
  });

  it('sends no PRIVATE-TOKEN without a token', async () => {
    const { gitlab, requests } = setup(() => json(milestone(1)), { token: undefined });
    await gitlab.projects.milestones.get(1, 1);
    expect(requests[0]?.headers.has('private-token')).toBe(false);
  });

  it('adds client-wide and per-call headers', async () => {
    const { gitlab, requests } = setup(() => json(milestone(1)), { headers: { 'X-Client': 'report' } });
    await gitlab.projects.milestones.get(1, 1, { headers: { Sudo: 'maria' } });
    await gitlab.projects.milestones.get(1, 1);
    expect(requests[0]?.headers.get('x-client')).toBe('report');
    expect(requests[0]?.headers.get('sudo')).toBe('maria');
    expect(requests[1]?.headers.has('sudo')).toBe(false);
  });

  it("sends the client's sudo as Sudo on every request, a call's own sudo in its place, and no Sudo for an empty one", async () => {
    const { gitlab, requests } = setup(() => json(milestone(1)), { sudo: 'maria', headers: { 'X-Client': 'report' } });
    await gitlab.projects.milestones.get(1, 1);
    await gitlab.projects.milestones.get(1, 1, { sudo: 42, headers: { 'X-Call': 'one' } });
    await gitlab.projects.milestones.get(1, 1, { sudo: '' });
    expect(requests.map((r) => r.headers.get('sudo'))).toEqual(['maria', '42', 'maria']);
    expect(requests[1]?.headers.get('x-call')).toBe('one');
    expect(requests[1]?.headers.get('x-client')).toBe('report');
    const none = setup(() => json(milestone(1)), { sudo: '' });
    await none.gitlab.projects.milestones.get(1, 1);
    expect(none.requests[0]?.headers.has('sudo')).toBe(false);
  });

  it("keeps a call's sudo and headers beside a credential given as a function", async () => {
    const { gitlab, requests } = setup(() => json(milestone(1)), { token: () => TOKEN });
    await gitlab.projects.milestones.get(1, 1, { sudo: 'maria', headers: { 'X-Call': 'one' } });
    expect(requests[0]?.headers.get('sudo')).toBe('maria');
    expect(requests[0]?.headers.get('x-call')).toBe('one');
    expect(requests[0]?.headers.get('private-token')).toBe(TOKEN);
  });
});

describe('query and body', () => {
  it('serialises arrays as key[]=, booleans as true/false, and skips undefined', async () => {
    const { gitlab, requests } = setup(() => json([]));
    await gitlab.projects.milestones.list(1, {
      iids: [1, 2],
      include_ancestors: true,
      include_parent_milestones: false,
      state: 'active',
      title: undefined,
      search: 'a&b',
    });
    const { rawUrl, url } = requests[0]!;
    expect(rawUrl).toContain('iids[]=1&iids[]=2');
    expect(url.searchParams.getAll('iids[]')).toEqual(['1', '2']);
    expect(url.searchParams.get('include_ancestors')).toBe('true');
    expect(url.searchParams.get('include_parent_milestones')).toBe('false');
    expect(url.searchParams.get('search')).toBe('a&b');
    expect(url.searchParams.has('title')).toBe(false);
  });

  it('sends bodies as JSON, keeping null (which clears a date)', async () => {
    const { gitlab, requests } = setup(() => json(milestone(3)));
    await gitlab.projects.milestones.update('acme/api', 3, { due_date: null, state_event: 'close' });
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toEqual({ due_date: null, state_event: 'close' });
  });
});

describe('responses without a body', () => {
  it('delete resolves to undefined on 204', async () => {
    const { gitlab, requests } = setup(() => new Response(null, { status: 204 }));
    await expect(gitlab.projects.milestones.delete('acme/api', 3)).resolves.toBeUndefined();
    expect(requests[0]?.method).toBe('DELETE');
  });

  it('promote ignores a bare 200 body or an empty one', async () => {
    const { gitlab, requests } = setup((_, n) => (n === 1 ? json(200) : new Response('', { status: 200 })));
    await expect(gitlab.projects.milestones.promote('acme/api', 3)).resolves.toBeUndefined();
    await expect(gitlab.projects.milestones.promote('acme/api', 3)).resolves.toBeUndefined();
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/api/v4/projects/acme%2Fapi/milestones/3/promote');
  });

  it('accepts any 2xx as success', async () => {
    const { gitlab } = setup(() => json(milestone(4), { status: 200 }));
    await expect(gitlab.projects.milestones.create(1, { title: 'v4.0' })).resolves.toMatchObject({ id: 4 });
  });
});

// Timeouts, retries and connection failures are proven against the mock's faults in test/faults.test.ts.
describe('aborts', () => {
  it("rejects with the caller's own reason, and does not fetch with an aborted signal", async () => {
    const { gitlab, requests } = setup(() => json(milestone(1)));
    const reason = new Error('shutting down');
    await expect(gitlab.projects.milestones.get(1, 1, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(requests.length).toBe(0);
  });
});
