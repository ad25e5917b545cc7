// docs:begin test
import { UnauthorizedError } from 'gitlab-admin-sdk';
import { createMockGitLab } from 'gitlab-admin-sdk/mock';
import { expect, it } from 'vitest';
import { signInWithGitLab } from './sign-in.js';

const mock = createMockGitLab({
  seed: {
    now: 'real', // the session checks expiry on the real clock: let the world's run with it
    users: [{ username: 'olivia', password: 'olivia-password' }],
    groups: [{ path: 'acme', members: { olivia: 30 } }],
    projects: [{ path: 'acme/api', milestones: [{ title: 'v1.0' }] }],
    applications: [
      {
        name: 'My app',
        redirect_uri: 'http://localhost:3000/callback',
        scopes: 'read_api openid',
        application_id: 'my-app',
        secret: 'gloas-my-app-secret',
      },
    ],
  },
});
const app = signInWithGitLab({
  baseUrl: mock.baseUrl,
  clientId: 'my-app',
  clientSecret: 'gloas-my-app-secret',
  redirectUri: 'http://localhost:3000/callback',
  fetch: mock.fetch,
});

/** What the browser does at GitLab: olivia approves the request the login URL describes. */
function approveAs(user: string, loginUrl: string): string {
  const query = new URL(loginUrl).searchParams;
  return mock.oauth.authorize({
    user,
    clientId: query.get('client_id') ?? '',
    redirectUri: query.get('redirect_uri') ?? '',
    scopes: query.get('scope') ?? '',
    state: query.get('state') ?? '',
    codeChallenge: query.get('code_challenge') ?? '',
    codeChallengeMethod: 'S256',
  }).redirect_to;
}

it('signs olivia in, calls the API as her, and signs her out', async () => {
  const loginUrl = await app.login('visitor-1');
  const username = await app.callback('visitor-1', approveAs('olivia', loginUrl));
  expect(username).toBe('olivia');

  const gitlab = app.gitlab('visitor-1');
  const milestones = await gitlab.projects.milestones.list('acme/api');
  expect(milestones.items.map((m) => m.title)).toEqual(['v1.0']);

  await app.logout('visitor-1');
  await expect(gitlab.projects.milestones.list('acme/api')).rejects.toBeInstanceOf(UnauthorizedError);
  expect(() => app.gitlab('visitor-1')).toThrow('Not signed in');
});

it('refuses a callback that answers another visitor’s request', async () => {
  const theirs = await app.login('visitor-2');
  await app.login('visitor-3');
  await expect(app.callback('visitor-3', approveAs('olivia', theirs))).rejects.toMatchObject({
    error: 'state_mismatch',
  });
});
// docs:end

it('turns a refused exchange into an OAuthError', async () => {
  const loginUrl = await app.login('visitor-5');
  const redirect = approveAs('olivia', loginUrl);
  mock.clock.advance({ seconds: 601 }); // the code has expired
  const error = await app.callback('visitor-5', redirect).catch((e: unknown) => e);
  expect(error).toMatchObject({ name: 'OAuthError', error: 'invalid_grant', status: 400 });
});
