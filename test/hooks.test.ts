import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument, SeedError } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { runCli, stopAllClis } from './cli-process.js';
import { call, client, failure } from './fixtures.js';

// Project webhooks end to end: who manages them, what a hook shows, GitLab's URL validation
// (local addresses taken by default in the mock, refused as GitLab does when the instance's setting is off),
// and the seed's hooks.

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'root', admin: true, token: 'glpat-root' },
    { username: 'owner', token: 'glpat-owner' },
    { username: 'maintainer', token: 'glpat-maintainer' },
    { username: 'dev', token: 'glpat-dev' },
    { username: 'guest', token: 'glpat-guest' },
    { username: 'outsider', token: 'glpat-outsider' },
  ],
  groups: [{ path: 'acme', members: { owner: 50, maintainer: 40, dev: 30, guest: 10 } }],
  projects: [
    {
      path: 'acme/api',
      hooks: [
        {
          url: 'https://bots.example.com/gitlab',
          name: 'Bot',
          token: 'secret',
          events: { push_events: false, merge_requests_events: true },
          created_at: '2026-05-01T10:00:00Z',
        },
      ],
    },
    { path: 'acme/web', hooks: [{ url: 'https://elsewhere.example.com/' }] },
    { path: 'acme/secret', visibility: 'private' },
  ],
};

let mock: MockGitLab;
const as = (token: string): GitLab => client(mock, `glpat-${token}`);
const API = 'acme/api';
let botHook: number;
let webHook: number;

beforeEach(async () => {
  mock = createMockGitLab({ seed });
  // Every token has been used once, so a refused call's only trace (last_used_at) is already there.
  for (const user of seed.users) if (user.token) await call(mock, 'GET', '/user', { token: user.token });
  const ids = [...mock.world.projectHooks.values()].map((h) => h.id);
  [botHook, webHook] = ids as [number, number];
});

/** Expects `promise` to fail with `status` and GitLab's `message`, and the world to be unchanged. */
async function refused(promise: () => Promise<unknown>, status: number, message: unknown) {
  const before = mock.exportState();
  const error = await failure(promise());
  expect([error.status, error.gitlabMessage]).toEqual([status, message]);
  expect(mock.exportState()).toEqual(before);
}

describe('GET /projects/:id/hooks', () => {
  it("shows a hook with GitLab's ProjectHook fields, in its order, and never the token", async () => {
    const hooks = await as('maintainer').projects.hooks.list(API).toArray();
    expect(hooks).toHaveLength(1);
    const [hook] = (
      await call(mock, 'GET', `/projects/${encodeURIComponent(API)}/hooks`, { token: 'glpat-maintainer' })
    ).body as Record<string, unknown>[];
    expect(Object.keys(hook ?? {})).toEqual([
      'id',
      'url',
      'name',
      'description',
      'created_at',
      'push_events',
      'tag_push_events',
      'merge_requests_events',
      'repository_update_events',
      'enable_ssl_verification',
      'alert_status',
      'disabled_until',
      'url_variables',
      'push_events_branch_filter',
      'branch_filter_strategy',
      'custom_webhook_template',
      'custom_headers',
      'project_id',
      'issues_events',
      'confidential_issues_events',
      'note_events',
      'confidential_note_events',
      'pipeline_events',
      'wiki_page_events',
      'deployment_events',
      'feature_flag_events',
      'job_events',
      'releases_events',
      'milestone_events',
      'emoji_events',
      'resource_access_token_events',
      'vulnerability_events',
    ]);
    expect(hook).toMatchObject({
      id: botHook,
      url: 'https://bots.example.com/gitlab',
      name: 'Bot',
      description: null,
      created_at: '2026-05-01T10:00:00.000Z',
      push_events: false,
      merge_requests_events: true,
      issues_events: false,
      enable_ssl_verification: true,
      alert_status: 'executable',
      branch_filter_strategy: 'wildcard',
      project_id: [...mock.world.projects.values()].find((p) => p.path_with_namespace === API)?.id,
    });
    expect(JSON.stringify(hooks)).not.toContain('secret');
  });

  it('is for Maintainers and up: a Developer gets 403, an outsider of a private project 404', async () => {
    for (const who of ['maintainer', 'owner', 'root']) {
      expect((await as(who).projects.hooks.list(API).toArray()).length).toBe(1);
    }
    await refused(() => as('dev').projects.hooks.list(API).toArray(), 403, '403 Forbidden');
    await refused(() => as('guest').projects.hooks.get(API, botHook), 403, '403 Forbidden');
    await refused(() => as('outsider').projects.hooks.list('acme/secret').toArray(), 404, '404 Project Not Found');
  });

  it('a hook of another project is not found through this one', async () => {
    await refused(() => as('maintainer').projects.hooks.get(API, webHook), 404, '404 Not found');
    await refused(() => as('maintainer').projects.hooks.delete(API, webHook), 404, '404 Not found');
  });
});

describe('POST /projects/:id/hooks', () => {
  it('ignores resource_deploy_token_events, a switch GitLab 18.6 does not have (18.10 adds it)', async () => {
    const hook = await as('maintainer').projects.hooks.create(API, {
      url: 'https://ci.example.com/hook',
      resource_deploy_token_events: true,
    });
    expect(hook).not.toHaveProperty('resource_deploy_token_events');
    const stored = mock.world.projectHooks.get(hook.id);
    expect(Object.keys(stored?.events ?? {})).not.toContain('resource_deploy_token_events');
  });
  it("adds a hook with GitLab's defaults: push events on, the rest off, TLS verified", async () => {
    const hook = await as('maintainer').projects.hooks.create(API, {
      url: 'https://ci.example.com/hook',
      issues_events: true,
      token: 'shh',
    });
    expect(hook).toMatchObject({
      url: 'https://ci.example.com/hook',
      name: null,
      push_events: true,
      tag_push_events: false,
      issues_events: true,
      merge_requests_events: false,
      enable_ssl_verification: true,
      created_at: '2026-06-01T09:00:00.000Z',
    });
    expect(await as('maintainer').projects.hooks.get(API, hook.id)).toEqual(hook);
    expect(mock.world.projectHooks.get(hook.id)?.token).toBe('shh');
  });

  it('refuses a URL that is not http or https with 422 Invalid url given', async () => {
    for (const url of ['ftp://files.example.com/', 'not a url']) {
      await refused(() => as('maintainer').projects.hooks.create(API, { url }), 422, 'Invalid url given');
    }
  });

  it("names GitLab's reason for a refused URL: a scheme it cannot take, or a URL it cannot parse", async () => {
    const schemes = 'url only allowed schemes are http, https';
    const cases: [string, string][] = [
      ['ftp://files.example.com/', schemes],
      ['not a url', schemes],
      ['mailto:ops@example.com', schemes],
      ['//ci.example.com:8080/hook', schemes],
      ['http://exa mple.com/hook', 'url uri is invalid'],
      ['1http://ci.example.com/hook', 'url uri is invalid'],
      ['ftp://exa mple.com/', 'url uri is invalid'],
      // Ruby's strip, unlike JavaScript's trim, keeps a non-breaking space: the scheme is then malformed.
      ['\u00a0https://ci.example.com/hook', 'url uri is invalid'],
    ];
    const before = mock.exportState();
    for (const [url, reason] of cases) {
      await refused(() => as('maintainer').projects.hooks.create(API, { url }), 422, 'Invalid url given');
      expect([url, mock.requests.list().at(-1)?.reason]).toEqual([url, reason]);
    }
    expect(mock.exportState()).toEqual(before);
  });

  it('stores the URL without the ASCII spaces Ruby strips, but with a trailing non-breaking space', async () => {
    const hook = await as('maintainer').projects.hooks.create(API, {
      url: '\v\t https://ci.example.com/hook\u00a0\n\v',
    });
    expect(hook.url).toBe('https://ci.example.com/hook\u00a0');
  });

  it('refuses a non-breaking space in the host (Addressable: Invalid character in host) with 422 {"error":"Invalid url given"}', async () => {
    const before = mock.exportState();
    const answer = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/hooks`, {
      token: 'glpat-maintainer',
      json: { url: ' https://ci.example.com\u00a0/hook ' },
    });
    expect([answer.status, answer.body]).toEqual([422, { error: 'Invalid url given' }]);
    expect(mock.exportState()).toEqual(before);
  });

  it('refuses a local address with 422 Invalid url given when the instance does not allow local requests', async () => {
    mock = createMockGitLab({
      seed: { ...seed, instance: { allow_local_requests_from_web_hooks_and_services: false } },
    });
    // A first call marks the token used, which a refused call also does.
    await as('maintainer').projects.hooks.list(API).toArray();
    for (const url of [
      'http://localhost:8080/hook',
      'http://127.0.0.1/hook',
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.5/hook',
      'http://172.20.0.1/hook',
      'http://169.254.169.254/latest',
    ]) {
      await refused(() => as('maintainer').projects.hooks.create(API, { url }), 422, 'Invalid url given');
    }
  });

  it('takes a local address by default (unlike GitLab), so a receiver on loopback works out of the box', async () => {
    const hook = await as('maintainer').projects.hooks.create(API, { url: 'http://127.0.0.1:9000/hook' });
    expect(hook.url).toBe('http://127.0.0.1:9000/hook');
  });

  it('refuses an invalid regex branch filter with 422 Invalid branch filter given', async () => {
    await refused(
      () =>
        as('maintainer').projects.hooks.create(API, {
          url: 'https://ci.example.com/hook',
          branch_filter_strategy: 'regex',
          push_events_branch_filter: '(unclosed',
        }),
      422,
      'Invalid branch filter given',
    );
    expect(mock.requests.list().at(-1)?.reason).toBe('the branch filter is not a valid regular expression');
  });

  it('needs a url (400) before it looks at the caller, and Maintainer before it looks at the URL', async () => {
    const missing = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/hooks`, {
      token: 'glpat-dev',
      json: {},
    });
    expect([missing.status, missing.body]).toEqual([400, { error: 'url is missing' }]);
    await refused(() => as('dev').projects.hooks.create(API, { url: 'http://localhost/' }), 403, '403 Forbidden');
  });
});

describe("the local addresses GitLab's URL blocker refuses (instance setting off)", () => {
  const localhost = 'url requests to localhost are not allowed';
  const network = 'url requests to the local network are not allowed';
  const linkLocal = 'url requests to the link local network are not allowed';
  // Each URL with the journal's reason for its 422, or `null` for a public address the hook takes.
  const cases: [string, string | null][] = [
    ['http://localhost:8080/hook', localhost],
    ['http://API.localhost/hook', localhost],
    ['http://127.0.0.1/hook', localhost],
    ['http://0.0.0.0/hook', localhost],
    ['http://[::1]/hook', localhost],
    ['http://[::]/hook', localhost],
    ['http://10.1.2.3/hook', network],
    ['http://172.16.0.1/hook', network],
    ['http://172.31.255.255/hook', network],
    ['http://192.168.0.5/hook', network],
    ['http://[fc00::1]/hook', network],
    ['http://[fdab:1::1]/hook', network],
    ['http://169.254.169.254/latest', linkLocal],
    ['http://[fe80::1]/hook', linkLocal],
    ['http://[feb0::1]/hook', linkLocal],
    // Public: next to the blocked ranges, or only looking like them.
    ['http://1.0.0.1/hook', null],
    ['http://8.8.8.8/hook', null],
    ['http://8.20.1.1/hook', null],
    ['http://172.15.0.1/hook', null],
    ['http://172.32.0.1/hook', null],
    ['http://173.20.0.1/hook', null],
    ['http://192.169.1.1/hook', null],
    ['http://193.168.1.1/hook', null],
    ['http://169.253.1.1/hook', null],
    ['http://170.254.1.1/hook', null],
    ['http://localhost.example.com/hook', null],
    ['http://10.0.0.1e2/hook', null],
    ['http://[2001:db8::fc00:1]/hook', null],
    ['http://[2001:db8::fe80:1]/hook', null],
  ];

  it.each(cases)('%s: %s', async (url, reason) => {
    mock = createMockGitLab({
      seed: { ...seed, instance: { allow_local_requests_from_web_hooks_and_services: false } },
    });
    await as('maintainer').projects.hooks.list(API).toArray();
    if (reason === null) {
      const hook = await as('maintainer').projects.hooks.create(API, { url });
      expect(hook.url).toBe(url.replace('API', 'api'));
      return;
    }
    await refused(() => as('maintainer').projects.hooks.create(API, { url }), 422, 'Invalid url given');
    expect(mock.requests.list().at(-1)?.reason).toBe(reason);
  });
});

describe('PUT and DELETE /projects/:id/hooks/:hook_id', () => {
  it('changes what is given, keeps the rest, and an empty token removes the secret', async () => {
    const hook = await as('maintainer').projects.hooks.update(API, botHook, {
      url: 'https://bots.example.com/v2',
      issues_events: true,
      token: '',
    });
    expect(hook).toMatchObject({
      url: 'https://bots.example.com/v2',
      name: 'Bot',
      merge_requests_events: true,
      issues_events: true,
      push_events: false,
    });
    expect(mock.world.projectHooks.get(botHook)?.token).toBeNull();
  });

  it('takes no url (GitLab 17 and later), but something: nothing at all is 400 No parameters provided', async () => {
    const hook = await as('maintainer').projects.hooks.update(API, botHook, { name: 'Renamed' });
    expect([hook.name, hook.url]).toEqual(['Renamed', 'https://bots.example.com/gitlab']);
    await refused(() => as('maintainer').projects.hooks.update(API, botHook, {}), 400, 'No parameters provided');
    expect(mock.requests.list().at(-1)?.reason).toBe('the update gives no parameter');
    // Empty lists of variables or headers give nothing either.
    for (const json of [{ url_variables: [] }, { custom_headers: [] }]) {
      const before = mock.exportState();
      const answer = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/hooks/${botHook}`, {
        token: 'glpat-maintainer',
        json,
      });
      expect([answer.status, answer.body]).toEqual([400, { error: 'No parameters provided' }]);
      expect(mock.exportState()).toEqual(before);
    }
  });

  it('refuses a blocked URL and changes nothing', async () => {
    await refused(
      () => as('maintainer').projects.hooks.update(API, botHook, { url: 'ftp://127.0.0.1/', issues_events: true }),
      422,
      'Invalid url given',
    );
  });

  it('deletes a hook (Maintainer); a Developer gets 403', async () => {
    await refused(() => as('dev').projects.hooks.delete(API, botHook), 403, '403 Forbidden');
    await as('maintainer').projects.hooks.delete(API, botHook);
    expect(await as('maintainer').projects.hooks.list(API).toArray()).toEqual([]);
  });
});

describe('what a PUT changes: each setting given, and only those', () => {
  const put = (json: unknown) =>
    call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/hooks/${botHook}`, { token: 'glpat-maintainer', json });

  it('sets the description, branch filter, strategy, template and TLS switch; a later PUT of a name keeps them all', async () => {
    const settings = {
      description: 'Deploys',
      push_events_branch_filter: '^release/',
      branch_filter_strategy: 'regex',
      custom_webhook_template: '{"ref":"{{ref}}"}',
      enable_ssl_verification: false,
    };
    const set = await put(settings);
    expect([set.status, set.body]).toMatchObject([200, settings]);
    const renamed = await put({ name: 'Renamed' });
    expect([renamed.status, renamed.body]).toMatchObject([200, { ...settings, name: 'Renamed' }]);
    expect(mock.world.projectHooks.get(botHook)?.token).toBe('secret');
  });

  it('an empty branch filter is stored as sent (GitLab keeps `""`), an empty template clears it to null', async () => {
    await put({ push_events_branch_filter: 'main', custom_webhook_template: '{"a":1}' });
    const cleared = await put({ push_events_branch_filter: '', custom_webhook_template: '' });
    expect([cleared.status, cleared.body]).toMatchObject([
      200,
      { push_events_branch_filter: '', custom_webhook_template: null },
    ]);
  });

  it('a switch turned off is a parameter: enable_ssl_verification false alone is applied', async () => {
    const off = await put({ enable_ssl_verification: false });
    expect([off.status, off.body]).toMatchObject([200, { enable_ssl_verification: false }]);
  });

  it('a URL given with spaces around is stored without them, and keeps the headers of the same URL', async () => {
    const answer = await put({ url: '  https://bots.example.com/v2  ' });
    expect(answer.body).toMatchObject({ url: 'https://bots.example.com/v2' });
  });
});

describe('the branch filter strategy', () => {
  it("refuses an unknown strategy with Grape's 400 (`values: WebHook.branch_filter_strategies.keys`)", async () => {
    const before = mock.exportState();
    const answer = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/hooks/${botHook}`, {
      token: 'glpat-maintainer',
      json: { branch_filter_strategy: 'glob' },
    });
    expect([answer.status, answer.body]).toEqual([
      400,
      { error: 'branch_filter_strategy does not have a valid value' },
    ]);
    expect(mock.exportState()).toEqual(before);
  });

  it('refuses a wildcard filter that is no branch name: 422 Invalid branch filter given', async () => {
    const before = mock.exportState();
    const answer = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/hooks/${botHook}`, {
      token: 'glpat-maintainer',
      json: { push_events_branch_filter: 'release/*~' },
    });
    expect([answer.status, answer.body]).toEqual([422, { error: 'Invalid branch filter given' }]);
    expect(mock.exportState()).toEqual(before);
  });

  it('reads the filter as a regular expression only under the regex strategy', async () => {
    const hook = await as('maintainer').projects.hooks.create(API, {
      url: 'https://ci.example.com/hook',
      push_events_branch_filter: 'release/(',
    });
    expect(hook).toMatchObject({ push_events_branch_filter: 'release/(', branch_filter_strategy: 'wildcard' });
  });
});

describe('group hooks: /groups/:id/hooks', () => {
  it("Owners add, read, change and delete them, with GitLab's GroupHook fields", async () => {
    const created = await as('owner').groups.hooks.create('acme', {
      url: 'https://bots.example.com/members',
      push_events: false,
      member_events: true,
    });
    expect(created).toMatchObject({
      url: 'https://bots.example.com/members',
      push_events: false,
      member_events: true,
      subgroup_events: false,
      group_id: [...mock.world.groups.values()].find((g) => g.full_path === 'acme')?.id,
    });
    // GitLab's GroupHook entity (`ee/lib/api/entities/group_hook.rb`), on the wire and in the SDK's model alike.
    const GROUP_HOOK_KEYS = [
      'group_id',
      'issues_events',
      'confidential_issues_events',
      'note_events',
      'confidential_note_events',
      'pipeline_events',
      'wiki_page_events',
      'job_events',
      'deployment_events',
      'feature_flag_events',
      'releases_events',
      'milestone_events',
      'subgroup_events',
      'emoji_events',
      'resource_access_token_events',
      'member_events',
      'vulnerability_events',
      'project_events',
    ];
    expect(Object.keys(created).slice(17)).toEqual(GROUP_HOOK_KEYS);
    const { body } = await call(mock, 'GET', `/groups/acme/hooks/${created.id}`, { token: 'glpat-owner' });
    expect(Object.keys(body).slice(17)).toEqual(GROUP_HOOK_KEYS);
    const changed = await as('owner').groups.hooks.update('acme', created.id, { subgroup_events: true });
    expect([changed.subgroup_events, changed.member_events]).toEqual([true, true]);
    expect(await as('owner').groups.hooks.list('acme').toArray()).toEqual([changed]);
    await as('owner').groups.hooks.delete('acme', created.id);
    await refused(() => as('owner').groups.hooks.get('acme', created.id), 404, '404 Not found');
  });

  it('are refused below Owner (a Maintainer gets 403), and a project hook is not one of them', async () => {
    await refused(() => as('maintainer').groups.hooks.list('acme').toArray(), 403, '403 Forbidden');
    await refused(() => as('owner').groups.hooks.get('acme', botHook), 404, '404 Not found');
  });

  it('need Premium: on a Free instance even an Owner gets 403', async () => {
    mock = createMockGitLab({ seed: { ...seed, instance: { plan: 'free' } } });
    await call(mock, 'GET', '/user', { token: 'glpat-owner' }); // the token's first use is no change of the refusal
    await refused(() => as('owner').groups.hooks.list('acme').toArray(), 403, '403 Forbidden');
    expect(mock.requests.list().at(-1)?.reason).toBe('group acme is on the free plan; group webhooks need Premium');
  });

  it("list and find only the group's own hooks: another group's hook is 404 through this one", async () => {
    mock = createMockGitLab({
      seed: { ...seed, groups: [...(seed.groups ?? []), { path: 'other', members: { owner: 50 } }] },
    });
    const mine = await as('owner').groups.hooks.create('acme', { url: 'https://mine.example.com/' });
    const theirs = await as('owner').groups.hooks.create('other', { url: 'https://theirs.example.com/' });
    expect(await as('owner').groups.hooks.list('acme').toArray()).toEqual([mine]);
    await refused(() => as('owner').groups.hooks.get('acme', theirs.id), 404, '404 Not found');
    expect(mock.requests.list().at(-1)?.reason).toBe(`no hook ${theirs.id} in this group`);
  });

  it('are seeded and exported with the group', async () => {
    await as('owner').groups.hooks.create('acme', { url: 'https://g.example.com/', member_events: true });
    const state = mock.exportState();
    expect(state.groups?.[0]?.hooks?.[0]).toMatchObject({
      url: 'https://g.example.com/',
      events: { member_events: true },
    });
    const before = await as('owner').groups.hooks.list('acme').toArray();
    mock = createMockGitLab({ seed: state });
    expect(await as('owner').groups.hooks.list('acme').toArray()).toEqual(before);
    expect(mock.exportState()).toEqual(state);
  });
});

describe('system hooks: /hooks', () => {
  it('administrators add, read, change and delete them; the Hook entity has the repository update switch', async () => {
    const created = await as('root').hooks.create({ url: 'https://audit.example.com/gitlab', token: 'x' });
    expect(created).toMatchObject({
      url: 'https://audit.example.com/gitlab',
      // SystemHook's own defaults (app/models/hooks/system_hook.rb), not WebHook's push-only ones.
      push_events: false,
      repository_update_events: true,
      organization_id: 1,
      alert_status: 'executable',
    });
    expect(created).not.toHaveProperty('project_id');
    expect(created.id).toBeGreaterThan(webHook); // one id sequence with project hooks, as GitLab's web_hooks table
    const changed = await as('root').hooks.update(created.id, { repository_update_events: false });
    expect(changed.repository_update_events).toBe(false);
    expect(await as('root').hooks.list().toArray()).toEqual([changed]);
    expect(await as('root').hooks.get(created.id)).toEqual(changed);
    await as('root').hooks.delete(created.id);
    await refused(() => as('root').hooks.get(created.id), 404, '404 Not found');
  });

  it('are refused to everyone else, owners included, with 403', async () => {
    await refused(() => as('owner').hooks.list().toArray(), 403, '403 Forbidden');
    await refused(() => as('owner').hooks.create({ url: 'https://audit.example.com/' }), 403, '403 Forbidden');
  });

  it('validate the URL as project hooks do', async () => {
    await refused(() => as('root').hooks.create({ url: 'gopher://localhost/' }), 422, 'Invalid url given');
  });
});

describe('seed', () => {
  it("keeps a seeded hook's failures in a row, and stores a created hook's URL without the spaces around it", async () => {
    const failing = {
      ...seed,
      projects: [{ path: 'acme/api', hooks: [{ url: 'https://flaky.example.com/', recent_failures: 4 }] }],
    };
    mock = createMockGitLab({ seed: failing });
    expect(mock.exportState().projects?.[0]?.hooks?.[0]).toMatchObject({ recent_failures: 4 });
    const hook = await as('maintainer').projects.hooks.create(API, { url: '  https://ci.example.com/hook  ' });
    expect(hook.url).toBe('https://ci.example.com/hook');
  });

  it('an exported world reloads with the same hooks, and answers identically', async () => {
    await as('maintainer').projects.hooks.create(API, { url: 'https://x.example.com/', name: 'X', token: 't' });
    const system = await as('root').hooks.create({ url: 'https://audit.example.com/', merge_requests_events: true });
    const state = mock.exportState();
    const before = await as('maintainer').projects.hooks.list(API).toArray();
    mock = createMockGitLab({ seed: state });
    expect(await as('maintainer').projects.hooks.list(API).toArray()).toEqual(before);
    expect(await as('root').hooks.get(system.id)).toEqual(system);
    expect(mock.exportState()).toEqual(state);
  });

  it('a world without hooks exports no hooks key', () => {
    const plain = createMockGitLab({ seed: { users: [{ username: 'a' }], projects: [{ path: 'a/b' }] } });
    expect(plain.exportState().projects?.[0]).not.toHaveProperty('hooks');
    expect(plain.exportState()).not.toHaveProperty('system_hooks');
  });

  it('refuses a seed hook with a local URL when the instance does not allow local requests', () => {
    const local: SeedDocument = {
      users: [{ username: 'a' }],
      projects: [{ path: 'a/b', hooks: [{ url: 'http://localhost:1/' }] }],
    };
    expect(createMockGitLab({ seed: local }).world.projectHooks.size).toBe(1);
    expect(() =>
      createMockGitLab({ seed: { ...local, instance: { allow_local_requests_from_web_hooks_and_services: false } } }),
    ).toThrow(SeedError);
  });
});

describe('gitlab-admin-mock and local webhook URLs', () => {
  afterAll(() => stopAllClis());

  it('takes a loopback URL out of the box, and refuses it with a seed whose instance does not allow them', async () => {
    const add = async (seedArg: string) => {
      const cli = runCli(['--port', '0', '--seed', seedArg]);
      const url = /listening on (\S+)/.exec(await cli.printed('Ctrl+C'))?.[1];
      const response = await fetch(`${url}/api/v4/hooks`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': 'glpat-root', 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://127.0.0.1:9/hook' }),
      });
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
      return response.status;
    };
    const dir = mkdtempSync(join(tmpdir(), 'hooks-'));
    const file = (name: string, instance: SeedDocument['instance']) => {
      const path = join(dir, name);
      writeFileSync(
        path,
        JSON.stringify({ instance, users: [{ username: 'root', admin: true, token: 'glpat-root' }] }),
      );
      return path;
    };
    expect(await add(file('default.json', {}))).toBe(201);
    expect(await add(file('gitlab.json', { allow_local_requests_from_web_hooks_and_services: false }))).toBe(422);
  });
});
