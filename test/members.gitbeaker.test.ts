import { Gitlab } from '@gitbeaker/rest';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockGitLab } from '../mock/index.js';
import { testSeed } from './fixtures.js';

// gitbeaker, a client this project did not write, managing members on the mock through MSW:
// the "real clients fail on their first call", for members.
const mock = createMockGitLab({ baseUrl: 'https://gitlab.example.com', seed: testSeed });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const api = (token: string) => new Gitlab({ host: 'https://gitlab.example.com', token });
const API = 'acme/platform/api';
const idOf = (username: string) => mock.users[username]?.id ?? 0;

describe('gitbeaker against the mock', () => {
  it('lists direct and inherited members', async () => {
    const maintainer = api('glpat-maintainer');
    expect(await maintainer.ProjectMembers.all(API)).toEqual([]);
    const all = await maintainer.ProjectMembers.all(API, { includeInherited: true });
    expect(all.map((m) => [m.username, m.access_level])).toEqual([
      ['owner', 50],
      ['maintainer', 40],
      ['dev', 30],
      ['reporter', 20],
      ['planner', 15],
      ['guest', 10],
    ]);
    const dev = await maintainer.GroupMembers.show('acme/platform', idOf('dev'));
    expect(dev.access_level).toBe(30);
  });

  it('adds, edits and removes a member', async () => {
    const maintainer = api('glpat-maintainer');
    const added = await maintainer.ProjectMembers.add(API, 30, { userId: idOf('outsider'), expiresAt: '2026-12-31' });
    expect(added).toMatchObject({ username: 'outsider', access_level: 30, expires_at: '2026-12-31' });
    const edited = await maintainer.ProjectMembers.edit(API, idOf('outsider'), 40);
    expect(edited.access_level).toBe(40);
    await maintainer.ProjectMembers.remove(API, idOf('outsider'));
    expect(await maintainer.ProjectMembers.all(API)).toEqual([]);
  });

  it("gets GitLab's refusals", async () => {
    const refusal = await api('glpat-dev')
      .ProjectMembers.add(API, 30, { username: 'outsider' })
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ cause: { response: { status: 403 } } });
  });
});
