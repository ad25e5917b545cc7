import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument, SeedError } from '../mock/index.js';
import type { GitLab } from '../src/index.js';
import { call, client, failure } from './fixtures.js';

// A hook's URL variables and custom headers (GitLab's `url_variables`, `custom_headers`): what the
// hooks API takes and shows (names only), GitLab's validations and resets, the per-key routes of
// project, group and system hooks, the seed's keys, and delivery to a real receiver on loopback
// (variables put in the URL, headers sent under GitLab's own, values never in the log).

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A receiver on 127.0.0.1 that records each request's path and headers and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const API = 'acme/api';

function seedWith(extra: Partial<SeedDocument> = {}): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      { username: 'root', admin: true, token: 'glpat-root' },
      { username: 'owner', token: 'glpat-owner' },
      { username: 'maintainer', token: 'glpat-maintainer' },
      { username: 'dev', token: 'glpat-dev' },
      { username: 'outsider', token: 'glpat-outsider' },
    ],
    groups: [{ path: 'acme', plan: 'premium', members: { owner: 50, maintainer: 40, dev: 30 } }],
    projects: [
      {
        path: API,
        visibility: 'private',
        merge_requests: [{ iid: 1, title: 'Add login', author: 'dev', source_branch: 'login' }],
        hooks: [
          {
            url: 'https://hooks.example.com/{team}/gitlab',
            url_variables: { team: 'platform', unused: 'spare' },
            custom_headers: { 'X-Receiver-Key': 'header-secret' },
          },
        ],
      },
    ],
    ...extra,
  };
}

let mock: MockGitLab;
let hookId: number;
const as = (who: string): GitLab => client(mock, `glpat-${who}`);

beforeEach(async () => {
  mock = createMockGitLab({ seed: seedWith() });
  // Every token used once, so a refused call leaves no trace (last_used_at) to compare.
  for (const who of ['root', 'owner', 'maintainer', 'dev', 'outsider']) {
    await call(mock, 'GET', '/user', { token: `glpat-${who}` });
  }
  hookId = [...mock.world.projectHooks.values()][0]?.id as number;
});

/** Expects `promise` to fail with `status` and GitLab's `message`, and the world to be unchanged. */
async function refused(promise: () => Promise<unknown>, status: number, message: unknown) {
  const before = mock.exportState();
  const error = await failure(promise());
  expect([error.status, error.gitlabMessage]).toEqual([status, message]);
  expect(mock.exportState()).toEqual(before);
}

const storedHook = () => mock.world.projectHooks.get(hookId);

describe('the hooks API', () => {
  it('shows the names of the variables and headers, never their values', async () => {
    const hook = await as('maintainer').projects.hooks.get(API, hookId);
    expect(hook.url_variables).toEqual([{ key: 'team' }, { key: 'unused' }]);
    expect(hook.custom_headers).toEqual([{ key: 'X-Receiver-Key' }]);
    expect(hook.url).toBe('https://hooks.example.com/{team}/gitlab');
    const text = JSON.stringify(await as('maintainer').projects.hooks.list(API).toArray());
    expect(text).not.toContain('platform');
    expect(text).not.toContain('header-secret');
  });

  it('takes them on create as [{ key, value }] lists, a later duplicate name winning', async () => {
    const hook = await as('maintainer').projects.hooks.create(API, {
      url: 'https://hooks.example.com/{a}',
      url_variables: [
        { key: 'a', value: 'one' },
        { key: 'a', value: 'two' },
      ],
      custom_headers: [{ key: 'X-One', value: '1' }],
    });
    expect(hook.url_variables).toEqual([{ key: 'a' }]);
    expect(hook.custom_headers).toEqual([{ key: 'X-One' }]);
    expect(mock.world.projectHooks.get(hook.id)).toMatchObject({
      url_variables: { a: 'two' },
      custom_headers: { 'X-One': '1' },
    });
  });

  it('merges an update over the stored entries, keeping the others', async () => {
    await as('maintainer').projects.hooks.update(API, hookId, {
      custom_headers: [{ key: 'X-Second', value: 'two' }],
      url_variables: [{ key: 'extra', value: 'x' }],
    });
    expect(storedHook()?.custom_headers).toEqual({ 'X-Receiver-Key': 'header-secret', 'X-Second': 'two' });
    expect(storedHook()?.url_variables).toEqual({ team: 'platform', unused: 'spare', extra: 'x' });
  });

  it('refuses a URL with a {name} that has no variable: 422 Invalid url given', async () => {
    await refused(
      () => as('maintainer').projects.hooks.create(API, { url: 'https://hooks.example.com/{missing}' }),
      422,
      'Invalid url given',
    );
  });

  it('refuses a custom header of a bad name, an empty value or more than 20, in the words of create and of update', async () => {
    const create = (custom_headers: { key: string; value: string }[]) => () =>
      as('maintainer').projects.hooks.create(API, { url: 'https://hooks.example.com/', custom_headers });
    // WebHooks::CreateService: "Custom headers must be a valid json schema", raised with Grape's `error!`.
    const onCreate = 'Custom headers must be a valid json schema';
    await refused(create([{ key: 'X Bad', value: '1' }]), 422, onCreate);
    await refused(create([{ key: 'X-Empty', value: '' }]), 422, onCreate);
    const many = Array.from({ length: 21 }, (_, i) => ({ key: `X-H${i}`, value: 'v' }));
    await refused(create(many), 422, onCreate);
    const created = await call(mock, 'POST', `/projects/${encodeURIComponent(API)}/hooks`, {
      token: 'glpat-maintainer',
      json: { url: 'https://hooks.example.com/', custom_headers: [{ key: 'X Bad', value: '1' }] },
    });
    expect(created.body).toEqual({ error: onCreate });
    // `save_hook` (lib/api/helpers/web_hooks_helpers.rb): `error!("Custom headers validation failed", 422)`.
    const updated = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/hooks/${hookId}`, {
      token: 'glpat-maintainer',
      json: { custom_headers: [{ key: 'X Bad', value: '1' }] },
    });
    expect([updated.status, updated.body]).toEqual([422, { error: 'Custom headers validation failed' }]);
  });

  it("refuses a variable of a bad name or a value over 100 characters as GitLab's model error", async () => {
    const create = (url_variables: { key: string; value: string }[]) => () =>
      as('maintainer').projects.hooks.create(API, { url: 'https://hooks.example.com/', url_variables });
    // Create: CreateService's `full_messages.to_sentence` through `error!`; update: `render_validation_error!(hook, 422)`.
    await refused(create([{ key: '1st', value: 'x' }]), 422, 'Url variables must be a valid json schema');
    await refused(create([{ key: 'long', value: 'x'.repeat(101) }]), 422, 'Url variables must be a valid json schema');
    const updated = await call(mock, 'PUT', `/projects/${encodeURIComponent(API)}/hooks/${hookId}`, {
      token: 'glpat-maintainer',
      json: { url_variables: [{ key: '1st', value: 'x' }] },
    });
    expect([updated.status, updated.body]).toEqual([
      422,
      { message: { url_variables: ['must be a valid json schema'] } },
    ]);
  });

  it('checks the URL as called, its variables put in, where the instance refuses local addresses', async () => {
    mock = createMockGitLab({
      seed: seedWith({ instance: { allow_local_requests_from_web_hooks_and_services: false } }),
    });
    await call(mock, 'GET', '/user', { token: 'glpat-maintainer' });
    await refused(
      () =>
        as('maintainer').projects.hooks.create(API, {
          url: 'https://{host}/hook',
          url_variables: [{ key: 'host', value: '127.0.0.1' }],
        }),
      422,
      'Interpolated url is blocked: Requests to localhost are not allowed',
    );
    const ok = await as('maintainer').projects.hooks.create(API, {
      url: 'https://{host}/hook',
      url_variables: [{ key: 'host', value: 'hooks.example.com' }],
    });
    expect(ok.url).toBe('https://{host}/hook');
  });

  it('drops the variables and the headers when the URL changes, so secrets never follow it elsewhere', async () => {
    // The same variable under another host: dropped, so the URL lacks it.
    await refused(
      () => as('maintainer').projects.hooks.update(API, hookId, { url: 'https://evil.example.com/{team}' }),
      422,
      'Invalid url given',
    );
    const hook = await as('maintainer').projects.hooks.update(API, hookId, { url: 'https://hooks.example.com/plain' });
    expect([hook.url_variables, hook.custom_headers]).toEqual([[], []]);
    expect(storedHook()).not.toHaveProperty('url_variables');
    expect(storedHook()).not.toHaveProperty('custom_headers');
  });

  it('moves a hook that uses variables in two steps: a URL without them, then the new one with its own', async () => {
    const maintainer = as('maintainer');
    // Together in one update: the stored variable given again is dropped, so the URL lacks it.
    await refused(
      () =>
        maintainer.projects.hooks.update(API, hookId, {
          url: 'https://next.example.com/{team}',
          url_variables: [{ key: 'team', value: 'platform' }],
        }),
      422,
      'Invalid url given',
    );
    await maintainer.projects.hooks.update(API, hookId, { url: 'https://next.example.com/' });
    const moved = await maintainer.projects.hooks.update(API, hookId, {
      url: 'https://next.example.com/{team}',
      url_variables: [{ key: 'team', value: 'web' }],
    });
    expect(moved.url_variables).toEqual([{ key: 'team' }]);
    expect(storedHook()?.url_variables).toEqual({ team: 'web' });
  });

  it('keeps the headers when the URL as called stays the same', async () => {
    await as('maintainer').projects.hooks.update(API, hookId, { name: 'Renamed' });
    expect(storedHook()?.custom_headers).toEqual({ 'X-Receiver-Key': 'header-secret' });
  });
});

describe("the journal's reason for each refusal, and the limits' edges", () => {
  const lastReason = () => mock.requests.list().at(-1)?.reason;
  const create = (fields: Record<string, unknown>) =>
    call(mock, 'POST', `/projects/${encodeURIComponent(API)}/hooks`, { token: 'glpat-maintainer', json: fields });

  it('names every {name} of the URL that has no variable, in order', async () => {
    const answer = await create({ url: 'https://hooks.example.com/{team}/{env}' });
    expect([answer.status, answer.body]).toEqual([422, { error: 'Invalid url given' }]);
    expect(lastReason()).toBe('Invalid URL template. Missing keys: team, env');
  });

  it('says which schema a header or a variable breaks', async () => {
    await create({ url: 'https://hooks.example.com/', custom_headers: [{ key: 'X Bad', value: '1' }] });
    expect(lastReason()).toBe('custom headers: at most 20, names like X-Name, values of 1 to 2048 characters');
    await create({ url: 'https://hooks.example.com/', url_variables: [{ key: '1st', value: 'x' }] });
    expect(lastReason()).toBe('url_variables must be a valid json schema');
  });

  it('takes 20 headers and 20 variables, a header value of 2048 characters and a variable value of 100', async () => {
    const twenty = (prefix: string, value: string) =>
      Array.from({ length: 20 }, (_, i) => ({ key: `${prefix}${i}`, value }));
    const headers = await create({
      url: 'https://hooks.example.com/',
      custom_headers: twenty('X-H', 'h'.repeat(2048)),
    });
    expect(headers.status).toBe(201);
    const vars = await create({ url: 'https://hooks.example.com/', url_variables: twenty('v', 'x'.repeat(100)) });
    expect(vars.status).toBe(201);
  });

  it('a per-key PUT refused keeps the reason of the check that refused it', async () => {
    await call(mock, 'PUT', `/projects/acme%2Fapi/hooks/${hookId}/custom_headers/X-Empty`, {
      token: 'glpat-maintainer',
      json: { value: '' },
    });
    expect(lastReason()).toBe('custom headers: at most 20, names like X-Name, values of 1 to 2048 characters');
  });

  it('a per-key DELETE names what the hook lacks, and what the URL still needs', async () => {
    const two = await create({
      url: 'https://hooks.example.com/{team}/{env}',
      url_variables: [
        { key: 'team', value: 'platform' },
        { key: 'env', value: 'prod' },
      ],
    });
    const id = (two.body as { id: number }).id;
    await call(mock, 'DELETE', `/projects/acme%2Fapi/hooks/${id}/custom_headers/X-Nope`, {
      token: 'glpat-maintainer',
    });
    expect(lastReason()).toBe('the hook has no custom_headers X-Nope');
    const answer = await call(mock, 'DELETE', `/projects/acme%2Fapi/hooks/${id}/url_variables/team`, {
      token: 'glpat-maintainer',
    });
    expect([answer.status, answer.body]).toEqual([422, { error: 'Could not unset variable' }]);
    // GitLab's reset drops every stored variable when one the URL uses goes, so both are missing.
    expect(lastReason()).toBe('Invalid URL template. Missing keys: team, env');
  });

  it('deleting an unused variable keeps the custom headers', async () => {
    await as('maintainer').projects.hooks.deleteUrlVariable(API, hookId, 'unused');
    expect(storedHook()?.custom_headers).toEqual({ 'X-Receiver-Key': 'header-secret' });
  });

  it('a URL given again with spaces around is the same URL: the headers stay', async () => {
    await as('maintainer').projects.hooks.update(API, hookId, { url: ' https://hooks.example.com/{team}/gitlab ' });
    expect(storedHook()?.custom_headers).toEqual({ 'X-Receiver-Key': 'header-secret' });
  });
});

describe('the per-key routes', () => {
  it('sets and replaces a custom header and an unused URL variable (204)', async () => {
    const maintainer = as('maintainer');
    await maintainer.projects.hooks.setCustomHeader(API, hookId, 'X-Receiver-Key', 'rotated');
    await maintainer.projects.hooks.setCustomHeader(API, hookId, 'X-Other', 'o');
    await maintainer.projects.hooks.setUrlVariable(API, hookId, 'unused', 'changed');
    expect(storedHook()).toMatchObject({
      custom_headers: { 'X-Receiver-Key': 'rotated', 'X-Other': 'o' },
      url_variables: { team: 'platform', unused: 'changed' },
    });
    const shown = await maintainer.projects.hooks.get(API, hookId);
    expect(shown.custom_headers).toEqual([{ key: 'X-Receiver-Key' }, { key: 'X-Other' }]);
  });

  it('refuses a changed value of a variable the URL uses, as GitLab resets them: 422 Illegal key or value', async () => {
    await refused(
      () => as('maintainer').projects.hooks.setUrlVariable(API, hookId, 'team', 'elsewhere'),
      422,
      'Illegal key or value',
    );
  });

  it('refuses a bad name: 422 Illegal key or value', async () => {
    await refused(
      () => as('maintainer').projects.hooks.setUrlVariable(API, hookId, 'no-dashes', 'x'),
      422,
      'Illegal key or value',
    );
    await refused(
      () => as('maintainer').projects.hooks.setCustomHeader(API, hookId, 'X-Empty', ''),
      422,
      'Illegal key or value',
    );
  });

  it('needs the value: 400 value is missing', async () => {
    const before = mock.exportState();
    const answer = await call(mock, 'PUT', `/projects/acme%2Fapi/hooks/${hookId}/custom_headers/X-A`, {
      token: 'glpat-maintainer',
      json: {},
    });
    expect([answer.status, answer.body]).toEqual([400, { error: 'value is missing' }]);
    expect(mock.exportState()).toEqual(before);
  });

  it('deletes an entry (204), 404 for a name the hook lacks, 422 for a variable the URL uses', async () => {
    const maintainer = as('maintainer');
    await maintainer.projects.hooks.deleteCustomHeader(API, hookId, 'X-Receiver-Key');
    await maintainer.projects.hooks.deleteUrlVariable(API, hookId, 'unused');
    expect(storedHook()).not.toHaveProperty('custom_headers');
    expect(storedHook()?.url_variables).toEqual({ team: 'platform' });
    await refused(
      () => maintainer.projects.hooks.deleteCustomHeader(API, hookId, 'X-Receiver-Key'),
      404,
      '404 Custom header Not Found',
    );
    await refused(
      () => maintainer.projects.hooks.deleteUrlVariable(API, hookId, 'nope'),
      404,
      '404 URL variable Not Found',
    );
    await refused(
      () => maintainer.projects.hooks.deleteUrlVariable(API, hookId, 'team'),
      422,
      'Could not unset variable',
    );
  });

  it('takes the hook rights: 404 to an outsider of the private project, 403 to a developer, 404 for another hook', async () => {
    await refused(
      () => as('outsider').projects.hooks.setCustomHeader(API, hookId, 'X-A', 'a'),
      404,
      '404 Project Not Found',
    );
    await refused(
      () => as('dev').projects.hooks.deleteCustomHeader(API, hookId, 'X-Receiver-Key'),
      403,
      '403 Forbidden',
    );
    await refused(() => as('maintainer').projects.hooks.setCustomHeader(API, 999, 'X-A', 'a'), 404, '404 Not found');
  });

  it('works on group hooks (Owners) and system hooks (administrators)', async () => {
    const group = await as('owner').groups.hooks.create('acme', { url: 'https://hooks.example.com/g' });
    await as('owner').groups.hooks.setCustomHeader('acme', group.id, 'X-G', 'g');
    await as('owner').groups.hooks.setUrlVariable('acme', group.id, 'v', '1');
    expect(await as('owner').groups.hooks.get('acme', group.id)).toMatchObject({
      custom_headers: [{ key: 'X-G' }],
      url_variables: [{ key: 'v' }],
    });
    await as('owner').groups.hooks.deleteUrlVariable('acme', group.id, 'v');
    await refused(
      () => as('maintainer').groups.hooks.setCustomHeader('acme', group.id, 'X-G', 'h'),
      403,
      '403 Forbidden',
    );
    const system = await as('root').hooks.create({ url: 'https://hooks.example.com/s' });
    await as('root').hooks.setCustomHeader(system.id, 'X-S', 's');
    await as('root').hooks.setUrlVariable(system.id, 'v', '1');
    expect(mock.world.systemHooks.get(system.id)).toMatchObject({
      custom_headers: { 'X-S': 's' },
      url_variables: { v: '1' },
    });
    await as('root').hooks.deleteCustomHeader(system.id, 'X-S');
    expect(mock.world.systemHooks.get(system.id)).not.toHaveProperty('custom_headers');
    await refused(() => as('owner').hooks.setCustomHeader(system.id, 'X-S', 's'), 403, '403 Forbidden');
  });
});

describe('the seed', () => {
  it('writes them back on export, and the reloaded world answers alike', async () => {
    const exported = mock.exportState();
    expect(exported.projects?.find((p) => p.path === API)?.hooks?.[0]).toMatchObject({
      url_variables: { team: 'platform', unused: 'spare' },
      custom_headers: { 'X-Receiver-Key': 'header-secret' },
    });
    const reloaded = createMockGitLab({ seed: exported });
    const hook = await client(reloaded, 'glpat-maintainer').projects.hooks.get(API, hookId);
    expect(hook).toEqual(await as('maintainer').projects.hooks.get(API, hookId));
    expect(reloaded.world.projectHooks.get(hookId)).toEqual(storedHook());
  });

  it('refuses a hook whose variables lack one its URL names, or a bad header name; a seed without variables loads as before', () => {
    const hook = (extra: object) =>
      seedWith({ projects: [{ path: 'acme/x', hooks: [{ url: 'https://h.example.com/{v}', ...extra }] }] });
    expect(() => createMockGitLab({ seed: hook({ url_variables: { w: '1' } }) })).toThrow(SeedError);
    expect(() => createMockGitLab({ seed: hook({}) })).not.toThrow();
    expect(() =>
      createMockGitLab({ seed: hook({ url_variables: { v: '1' }, custom_headers: { 'X Bad': '1' } }) }),
    ).toThrow();
    expect(() => createMockGitLab({ seed: hook({ url_variables: { v: '1' } }) })).not.toThrow();
  });
});

describe('delivery', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeEach(async () => {
    receiver = await startReceiver();
  });

  afterEach(async () => {
    await mock.webhooks.settled();
    await receiver.close();
  });

  it('puts the variables in the URL and sends the custom headers, GitLab’s own winning', async () => {
    const maintainer = as('maintainer');
    const hook = await maintainer.projects.hooks.create(API, {
      url: `${receiver.url}/{team}/hook?key={secret}`,
      token: 'hook-token',
      merge_requests_events: true,
      url_variables: [
        { key: 'team', value: 'platform' },
        { key: 'secret', value: 's3cr3t-value' },
      ],
      custom_headers: [
        { key: 'X-Receiver-Key', value: 'header-secret' },
        { key: 'x-gitlab-event', value: 'Spoofed' },
        { key: 'Content-Type', value: 'text/plain' },
      ],
    });
    await maintainer.projects.hooks.test(API, hook.id, 'merge_requests_events');
    await mock.webhooks.settled();
    const [got] = receiver.received;
    expect(got?.url).toBe('/platform/hook?key=s3cr3t-value');
    expect(got?.headers).toMatchObject({
      'x-receiver-key': 'header-secret',
      'x-gitlab-event': 'Merge Request Hook',
      'content-type': 'application/json',
      'x-gitlab-token': 'hook-token',
    });
  });

  it('never lets a header value add a header, nor a custom header replace the request framing', async () => {
    const maintainer = as('maintainer');
    // The API refuses a value with a line break (GitLab's JSON schema for custom headers)...
    await failure(
      maintainer.projects.hooks.create(API, {
        url: `${receiver.url}/framed`,
        custom_headers: [{ key: 'X-Multi', value: 'one\r\nX-Injected: yes' }],
      }),
    );
    const hook = await maintainer.projects.hooks.create(API, {
      url: `${receiver.url}/framed`,
      custom_headers: [
        { key: 'X-Multi', value: 'one' },
        { key: 'Content-Length', value: '1' },
        { key: 'Host', value: 'elsewhere.example.com' },
      ],
    });
    // ...so the delivery's own defence is checked on a stored one (a world from before that check).
    const stored = mock.world.projectHooks.get(hook.id);
    if (stored?.custom_headers) stored.custom_headers['X-Multi'] = 'one\r\nX-Injected: yes';
    await maintainer.projects.hooks.test(API, hook.id, 'merge_requests_events');
    await mock.webhooks.settled();
    const [got] = receiver.received;
    expect(got?.headers['x-multi']).toBe('oneX-Injected: yes');
    expect(got?.headers).not.toHaveProperty('x-injected');
    expect(got?.headers.host).toBe(receiver.url.replace('http://', ''));
    expect(Number(got?.headers['content-length'])).toBeGreaterThan(1);
  });

  it('logs the URL as stored and the header values redacted; the journal keeps no value given to the API either', async () => {
    const maintainer = as('maintainer');
    const hook = await maintainer.projects.hooks.create(API, {
      url: `${receiver.url}/{secret}`,
      url_variables: [{ key: 'secret', value: 's3cr3t-value' }],
      custom_headers: [{ key: 'X-Receiver-Key', value: 'header-secret' }],
    });
    await maintainer.projects.hooks.setCustomHeader(API, hook.id, 'X-Second', 'second-secret');
    await failure(maintainer.projects.hooks.setCustomHeader(API, hook.id, 'X Bad', 'refused-secret'));
    await maintainer.projects.hooks.test(API, hook.id, 'merge_requests_events');
    await mock.webhooks.settled();
    expect(receiver.received.map((r) => r.url)).toEqual(['/s3cr3t-value']);
    expect(receiver.received[0]?.headers['x-second']).toBe('second-secret');
    const delivery = mock.webhooks.deliveries.at(-1);
    expect(delivery?.url).toBe(`${receiver.url}/{secret}`);
    expect(delivery?.request_headers['X-Receiver-Key']).toBe('[REDACTED]');
    const events = await maintainer.projects.hooks.events(API, hook.id).toArray();
    const logged = JSON.stringify([mock.webhooks.deliveries, mock.requests.list(), events]);
    expect(logged).not.toContain('s3cr3t-value');
    for (const value of ['header-secret', 'second-secret', 'refused-secret']) expect(logged).not.toContain(value);
    // A value given in the query string is kept out of the journal too.
    await call(mock, 'PUT', `/projects/acme%2Fapi/hooks/${hook.id}/custom_headers/X-Query?value=query-secret`, {
      token: 'glpat-maintainer',
    });
    expect(mock.world.projectHooks.get(hook.id)?.custom_headers?.['X-Query']).toBe('query-secret');
    expect(JSON.stringify(mock.requests.list())).not.toContain('query-secret');
  });
});
