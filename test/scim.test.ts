import { beforeEach, describe, expect, it } from 'vitest';
import type { MockGitLab, SeedDocument } from '../mock/index.js';
import { ForbiddenError, type GitLab, NotFoundError, UnauthorizedError } from '../src/index.js';
import { call, client, createTestMock, failure, testSeed } from './fixtures.js';

// SCIM identities of a group end to end: the SDK against the in-process mock (GITLAB-BEHAVIOR 5, SPEC 2).

/** The test world, with SAML SSO and SCIM on `acme` (Premium) and `free-corp` (Free), and a Maintainer in `acme`. */
const seed: SeedDocument = {
  ...testSeed,
  groups: (testSeed.groups ?? []).map((group) =>
    group.path === 'acme' ? { ...group, saml_scim: true, members: { owner: 50, maintainer: 40 } } : group,
  ),
  scim_identities: [
    { group: 'acme', user: 'owner', extern_uid: 'owner@idp.example.com' },
    { group: 'acme', user: 'dev', extern_uid: 'dev@idp.example.com', active: false },
    { group: 'free-corp', user: 'owner', extern_uid: 'owner@free.example.com' },
  ],
};
seed.groups?.push({ path: 'free-corp/scim', saml_scim: true });

let mock: MockGitLab;
let owner: GitLab;

const identities = () => structuredClone(mock.world.scimIdentities);

beforeEach(() => {
  mock = createTestMock(seed);
  owner = client(mock, 'glpat-owner');
});

describe('read', () => {
  it('lists every identity of the group with 200, not paginated', async () => {
    expect(await owner.groups.scim.list('acme')).toEqual([
      { extern_uid: 'owner@idp.example.com', user_id: 2, active: true },
      { extern_uid: 'dev@idp.example.com', user_id: 4, active: false },
    ]);
    const response = await call(mock, 'GET', '/groups/acme/scim/identities', { token: 'glpat-owner' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total')).toBeNull();
  });

  it('reads one identity by its exact external uid; any other is 404 Identity Not Found', async () => {
    expect(await owner.groups.scim.get(1, 'dev@idp.example.com')).toEqual({
      extern_uid: 'dev@idp.example.com',
      user_id: 4,
      active: false,
    });
    for (const uid of ['nobody@idp.example.com', 'DEV@idp.example.com', 'owner@free.example.com']) {
      const error = await failure(owner.groups.scim.get('acme', uid));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.gitlabMessage).toBe('404 Identity Not Found');
    }
  });
});

describe('update and delete', () => {
  it('changes extern_uid with 200 and the identity; the old uid is then 404', async () => {
    const response = await call(mock, 'PATCH', '/groups/acme/scim/dev@idp.example.com', {
      token: 'glpat-owner',
      json: { extern_uid: 'dev@wire.example.com' },
    });
    expect(response).toMatchObject({ status: 200, body: { extern_uid: 'dev@wire.example.com', user_id: 4 } });
    const updated = await owner.groups.scim.update('acme', 'dev@wire.example.com', {
      extern_uid: 'dev@new.example.com',
    });
    expect(updated).toEqual({ extern_uid: 'dev@new.example.com', user_id: 4, active: false });
    expect((await owner.groups.scim.get('acme', 'dev@new.example.com')).user_id).toBe(4);
    const error = await failure(owner.groups.scim.get('acme', 'dev@idp.example.com'));
    expect(error.gitlabMessage).toBe('404 Identity Not Found');
  });

  it('refuses a missing, blank or taken extern_uid, and an unknown uid, changing nothing', async () => {
    const before = identities();
    const missing = await failure(owner.groups.scim.update('acme', 'dev@idp.example.com', {} as never));
    expect(missing.body).toEqual({ error: 'extern_uid is missing' });
    const blank = await failure(owner.groups.scim.update('acme', 'dev@idp.example.com', { extern_uid: ' ' }));
    expect(blank.body).toEqual({ message: "Extern uid can't be blank" });
    const taken = await failure(
      owner.groups.scim.update('acme', 'dev@idp.example.com', { extern_uid: 'owner@idp.example.com' }),
    );
    expect(taken.body).toEqual({ message: 'Extern uid has already been taken' });
    const unknown = await failure(owner.groups.scim.update('acme', 'nobody', { extern_uid: 'x' }));
    expect(unknown).toMatchObject({ status: 404, gitlabMessage: '404 Identity Not Found' });
    expect(identities()).toEqual(before);
    // A uid taken in another group is free here.
    const moved = await owner.groups.scim.update('acme', 'dev@idp.example.com', {
      extern_uid: 'owner@free.example.com',
    });
    expect(moved.extern_uid).toBe('owner@free.example.com');
  });

  it('deletes with 204 and an empty body; the user stays', async () => {
    const response = await call(mock, 'DELETE', '/groups/acme/scim/dev@idp.example.com', { token: 'glpat-owner' });
    expect(response).toMatchObject({ status: 204, body: undefined });
    expect((await owner.groups.scim.list('acme')).map((i) => i.extern_uid)).toEqual(['owner@idp.example.com']);
    expect(mock.world.users.get(4)?.username).toBe('dev');
    const again = await failure(owner.groups.scim.delete('acme', 'dev@idp.example.com'));
    expect(again.gitlabMessage).toBe('404 Identity Not Found');
  });
});

describe('who and where', () => {
  it('is for group Owners (and administrators): 403 for a Maintainer, 404 for non-members, 401 without a token', async () => {
    expect(await client(mock, 'glpat-root').groups.scim.list('acme')).toHaveLength(2);
    const before = identities();
    const maintainer = client(mock, 'glpat-maintainer');
    const attempts = [
      () => maintainer.groups.scim.list('acme'),
      () => maintainer.groups.scim.get('acme', 'dev@idp.example.com'),
      () => maintainer.groups.scim.update('acme', 'dev@idp.example.com', { extern_uid: 'x' }),
      () => maintainer.groups.scim.delete('acme', 'dev@idp.example.com'),
    ];
    for (const attempt of attempts) {
      const error = await failure(attempt());
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.gitlabMessage).toBe('403 Forbidden');
    }
    const outsider = await failure(client(mock, 'glpat-outsider').groups.scim.list('acme'));
    expect(outsider).toMatchObject({ status: 404, gitlabMessage: '404 Group Not Found' });
    const anonymous = await failure(client(mock, '').groups.scim.list('acme'));
    expect(anonymous).toBeInstanceOf(UnauthorizedError);
    expect(identities()).toEqual(before);
  });

  it('needs Premium or Ultimate and SAML SSO with SCIM on the group: 403 otherwise', async () => {
    // free-corp has SCIM but a Free plan; acme/platform is Premium (from acme) without SAML SSO and SCIM.
    for (const group of ['free-corp', 'free-corp/scim', 'acme/platform']) {
      const error = await failure(owner.groups.scim.list(group));
      expect(error, group).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
    }
  });

  it('exists on the hosted offering only: elsewhere every SCIM route is 404 {"error":"404 Not Found"}, even without a token', async () => {
    mock.seed.instance({ offering: 'self-managed' });
    const before = identities();
    const routes: [string, string][] = [
      ['GET', '/groups/acme/scim/identities'],
      ['GET', '/groups/acme/scim/dev@idp.example.com'],
      ['PATCH', '/groups/acme/scim/dev@idp.example.com'],
      ['DELETE', '/groups/acme/scim/dev@idp.example.com'],
    ];
    for (const [method, path] of routes) {
      for (const token of ['glpat-owner', undefined]) {
        const json = method === 'PATCH' ? { extern_uid: 'x' } : undefined;
        const response = await call(mock, method, path, { token, json });
        expect(response, `${method} ${path}`).toMatchObject({ status: 404, body: { error: '404 Not Found' } });
      }
    }
    expect(identities()).toEqual(before);
  });
});

describe('why a group refuses SCIM', () => {
  it('names the plan or the missing SAML SSO and SCIM in the journal, changing nothing', async () => {
    await owner.groups.scim.list('acme'); // the token's last_used_at is set now, not by the refusals
    const before = mock.exportState();
    const reasons: Record<string, string | undefined> = {};
    for (const group of ['free-corp', 'free-corp/scim', 'acme/platform']) {
      await failure(owner.groups.scim.list(group));
      reasons[group] = mock.requests.list().at(-1)?.reason;
    }
    expect(reasons).toEqual({
      'free-corp': 'group free-corp is on the free plan; SCIM needs Premium',
      'free-corp/scim': 'group free-corp/scim is on the free plan; SCIM needs Premium',
      'acme/platform': 'group acme/platform does not have SAML SSO and SCIM enabled',
    });
    expect(mock.exportState()).toEqual(before);
  });
});
