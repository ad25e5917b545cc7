import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createMockGitLab, type MockGitLab } from '../mock/index.js';
import {
  type Application,
  type ApplicationWithSecret,
  ForbiddenError,
  type GitLab,
  NotFoundError,
  UnauthorizedError,
} from '../src/index.js';
import { call, client, createTestMock, failure, testSeed } from './fixtures.js';
import { json, setup } from './sdk/helpers.js';

// Instance OAuth applications end to end: the SDK against the in-process mock (GITLAB-BEHAVIOR 1, SPEC 1-2).

let mock: MockGitLab;
let root: GitLab;

const idOf = (username: string) => [...mock.world.users.values()].find((u) => u.username === username)?.id ?? 0;

const grafana = {
  name: 'Grafana',
  redirect_uri: 'https://grafana.example.com/login/gitlab',
  scopes: ['read_user', 'openid'],
};

beforeEach(() => {
  mock = createTestMock();
  root = client(mock, 'glpat-root');
});

describe('create', () => {
  it('answers 200 with the application and its secret; the id is the record id', async () => {
    const response = await call(mock, 'POST', '/applications', {
      token: 'glpat-root',
      json: { ...grafana, scopes: 'read_user openid' },
    });
    expect(response.status).toBe(200);
    const app = await root.applications.create({ ...grafana, name: 'Second' });
    expect(app).toMatchObject({
      id: 2,
      application_name: 'Second',
      callback_url: grafana.redirect_uri,
      confidential: true,
      scopes: ['read_user', 'openid'],
    });
    expect(app.application_id).toMatch(/^[0-9a-f]{64}$/);
    expect(app.secret).toMatch(/^gloas-[0-9a-f]{64}$/);
    expect(app.application_id).not.toBe(response.body.application_id);
  });

  it('takes scopes as a list or as a space-separated string, and sends one string', async () => {
    const { gitlab, requests } = setup(() => json({ ...presented(1), secret: 's' }));
    await gitlab.applications.create({ ...grafana, scopes: ['api', 'read_user'] });
    await gitlab.applications.create({ ...grafana, scopes: 'api read_user' });
    for (const request of requests) expect(JSON.parse(request.body).scopes).toBe('api read_user');

    const app = await root.applications.create({ ...grafana, scopes: 'api  read_user', confidential: false });
    expect(app).toMatchObject({ scopes: ['api', 'read_user'], confidential: false });
  });

  it('takes the ai_features and ai_workflows scopes, which personal access tokens take only the first of (issue 38 point 7)', async () => {
    const app = await root.applications.create({ ...grafana, scopes: ['ai_features', 'ai_workflows'] });
    expect(app.scopes).toEqual(['ai_features', 'ai_workflows']);
    const token = await root.users.personalAccessTokens.create(idOf('dev'), { name: 'duo', scopes: ['ai_features'] });
    expect(token.scopes).toEqual(['ai_features']);
    const before = mock.exportState();
    const refused = await call(mock, 'POST', `/users/${idOf('dev')}/personal_access_tokens`, {
      token: 'glpat-root',
      json: { name: 'duo', scopes: ['ai_workflows'] },
    });
    expect([refused.status, refused.body]).toEqual([400, { error: 'scopes does not have a valid value' }]);
    expect(mock.exportState()).toEqual(before);
  });

  it("refuses missing parameters with Grape's messages, and changes nothing", async () => {
    const cases: [object, string][] = [
      [{ redirect_uri: 'https://a.test/cb', scopes: 'api' }, 'name is missing'],
      [{ name: 'x', scopes: 'api' }, 'redirect_uri is missing'],
      [{ name: 'x', redirect_uri: 'https://a.test/cb' }, 'scopes is missing, scopes is empty'],
      [{ name: 'x', redirect_uri: 'https://a.test/cb', scopes: ' ' }, 'scopes is empty'],
      [{ scopes: 'api' }, 'name is missing, redirect_uri is missing'],
    ];
    for (const [body, message] of cases) {
      const error = await failure(root.applications.create(body as never));
      expect(error.status).toBe(400);
      expect(error.body).toEqual({ error: message });
    }
    expect(mock.world.applications.size).toBe(0);
  });

  it('refuses an invalid or forbidden redirect URI and unknown scopes with the model errors, and changes nothing', async () => {
    const cases: [object, object][] = [
      [{ redirect_uri: 'http://' }, { redirect_uri: ['must be a valid URI.'] }],
      // Ruby's URI reads no host in `http:/x` (the URL standard would read `x`): doorkeeper's `unspecified_host?`.
      [{ redirect_uri: 'http:/x' }, { redirect_uri: ['must be a valid URI.'] }],
      [{ redirect_uri: 'https:///cb' }, { redirect_uri: ['must be a valid URI.'] }],
      [{ redirect_uri: 'javascript://alert()' }, { redirect_uri: ['is forbidden by the server.'] }],
      [{ redirect_uri: 'callback' }, { redirect_uri: ['must be an absolute URI.'] }],
      [{ redirect_uri: 'https://a.test/cb#frag' }, { redirect_uri: ['cannot contain a fragment.'] }],
      [{ scopes: ['api', 'launch_rockets'] }, { scopes: ["doesn't match configured on the server."] }],
      [{ name: '' }, { name: ["can't be blank"] }],
      [
        { redirect_uri: 'http://', scopes: 'nope' },
        { redirect_uri: ['must be a valid URI.'], scopes: ["doesn't match configured on the server."] },
      ],
    ];
    for (const [change, message] of cases) {
      const error = await failure(root.applications.create({ ...grafana, ...change }));
      expect(error.status).toBe(400);
      expect(error.body).toEqual({ message });
    }
    expect(mock.world.applications.size).toBe(0);
  });

  it('accepts several redirect URIs separated by new lines', async () => {
    const app = await root.applications.create({
      ...grafana,
      redirect_uri: 'https://a.test/cb\nhttp://127.0.0.1:7/cb',
    });
    expect(app.callback_url).toBe('https://a.test/cb\nhttp://127.0.0.1:7/cb');
  });
});

describe("Doorkeeper's redirect URI and name rules", () => {
  /** A creation refused with the model errors: 400, exactly these errors, and no application made. */
  async function refused(change: object, message: object) {
    const before = mock.exportState().applications;
    const error = await failure(root.applications.create({ ...grafana, ...change }));
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message });
    expect(mock.exportState().applications).toEqual(before);
  }

  it("refuses a blank or white-space redirect URI as can't be blank, not as a relative one", async () => {
    for (const redirect_uri of ['', ' ', '\n\t']) await refused({ redirect_uri }, { redirect_uri: ["can't be blank"] });
  });

  it("refuses a white-space name as can't be blank", async () => {
    await refused({ name: '  ' }, { name: ["can't be blank"] });
  });

  it('refuses host:port without a scheme as must specify a scheme (what looks like a scheme is not one)', async () => {
    await refused({ redirect_uri: 'localhost:3000' }, { redirect_uri: ['must specify a scheme.'] });
    await refused({ redirect_uri: 'localhost:3000/callback' }, { redirect_uri: ['must specify a scheme.'] });
  });

  it('refuses a relative URI as must be an absolute URI, even with an absolute one in its query', async () => {
    await refused(
      { redirect_uri: '/oauth/callback?from=https://a.test' },
      { redirect_uri: ['must be an absolute URI.'] },
    );
  });

  it('accepts the out-of-band URI, URIs separated by several white-space characters or around white space, and a custom scheme without a host', async () => {
    const accepted = [
      'urn:ietf:wg:oauth:2.0:oob',
      'https://a.test/cb\r\nhttp://127.0.0.1:7/cb',
      'https://a.test/cb \n http://127.0.0.1:7/cb',
      'https://a.test/cb\n',
      '\nhttps://a.test/cb',
      'com.example.https:///callback',
    ];
    for (const redirect_uri of accepted) {
      const app = await root.applications.create({ ...grafana, redirect_uri });
      expect(app.callback_url).toBe(redirect_uri);
    }
    expect(mock.world.applications.size).toBe(accepted.length);
  });
});

describe('list, renew-secret, delete', () => {
  it('lists every application, never with a secret, and without pagination headers', async () => {
    await root.applications.create(grafana);
    await root.applications.create({ ...grafana, name: 'Two' });
    const apps = await root.applications.list();
    expect(apps.map((app) => app.application_name)).toEqual(['Grafana', 'Two']);
    for (const app of apps) expect(app).not.toHaveProperty('secret');
    const response = await call(mock, 'GET', '/applications', { token: 'glpat-root' });
    expect(response.headers.get('x-total')).toBeNull();
  });

  it('renews the secret with 200: the new one is returned, the old one is no longer valid', async () => {
    const app = await root.applications.create(grafana);
    const response = await call(mock, 'POST', `/applications/${app.id}/renew-secret`, { token: 'glpat-root' });
    expect(response.status).toBe(200);
    const renewed = await root.applications.renewSecret(app.id);
    expect(renewed).toMatchObject({ id: app.id, application_id: app.application_id });
    expect(renewed.secret).toMatch(/^gloas-[0-9a-f]{64}$/);
    expect(new Set([app.secret, response.body.secret, renewed.secret]).size).toBe(3);
    expect(mock.world.applications.get(app.id)?.secret).toBe(renewed.secret);
  });

  it('deletes with 204 by record id; an unknown id is 404 Application Not Found', async () => {
    const app = await root.applications.create(grafana);
    const wrongId = await call(mock, 'DELETE', `/applications/${app.application_id}`, { token: 'glpat-root' });
    expect(wrongId).toMatchObject({ status: 400, body: { error: 'id is invalid' } });
    const deleted = await call(mock, 'DELETE', `/applications/${app.id}`, { token: 'glpat-root' });
    expect(deleted).toMatchObject({ status: 204, body: undefined });
    expect(await root.applications.list()).toEqual([]);
    for (const attempt of [() => root.applications.delete(app.id), () => root.applications.renewSecret(app.id)]) {
      const error = await failure(attempt());
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.gitlabMessage).toBe('404 Application Not Found');
    }
  });
});

describe('administrators only', () => {
  it('answers 401 without a token and 403 to non-admins (even with bad input), and changes nothing', async () => {
    const app = await root.applications.create(grafana);
    const before = structuredClone(mock.world.applications);
    const anonymous = client(mock, '');
    const owner = client(mock, 'glpat-owner');
    for (const gitlab of [anonymous, owner]) {
      const calls = [
        () => gitlab.applications.list(),
        () => gitlab.applications.create(grafana),
        () => gitlab.applications.create({} as never),
        () => gitlab.applications.renewSecret(app.id),
        () => gitlab.applications.delete(app.id),
      ];
      for (const attempt of calls) {
        const error = await failure(attempt());
        if (gitlab === anonymous) expect(error).toBeInstanceOf(UnauthorizedError);
        else expect(error).toBeInstanceOf(ForbiddenError);
        expect(error.gitlabMessage).toBe(gitlab === anonymous ? '401 Unauthorized' : '403 Forbidden');
      }
    }
    expect(mock.world.applications).toEqual(before);
  });
});

describe('secrets', () => {
  it('come from the seedable random source: the same seed gives the same values, another seed others', async () => {
    const make = async (randomSeed: number) => {
      const world = createMockGitLab({ seed: testSeed, randomSeed });
      return client(world, 'glpat-root').applications.create(grafana);
    };
    const [one, two, other] = [await make(7), await make(7), await make(8)];
    expect(two).toEqual(one);
    expect(other.secret).not.toBe(one.secret);
    expect(other.application_id).not.toBe(one.application_id);
  });

  it('are typed as present only on create and renew-secret results', () => {
    expectTypeOf<ApplicationWithSecret['secret']>().toBeString();
    expectTypeOf<Application['secret']>().toBeUnknown();
    expectTypeOf<ReturnType<GitLab['applications']['list']>>().resolves.toEqualTypeOf<Application[]>();
    expectTypeOf<ReturnType<GitLab['applications']['create']>>().resolves.toEqualTypeOf<ApplicationWithSecret>();
    expectTypeOf<ReturnType<GitLab['applications']['renewSecret']>>().resolves.toEqualTypeOf<ApplicationWithSecret>();
  });
});

/** The application as the fake server of the SDK-only test answers it. */
function presented(id: number) {
  return {
    id,
    application_id: 'a'.repeat(64),
    application_name: 'Grafana',
    callback_url: grafana.redirect_uri,
    confidential: true,
  };
}
