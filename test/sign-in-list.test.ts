import { afterAll, describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed } from '../mock/index.js';
import { startMockServer } from '../mock/node/index.js';
import { runCli, stopAllClis } from './cli-process.js';

// The OAuth sign-in page's "Sign in as" list (issue 23, docs/oauth.md): users picked with a click,
// without a password, only when the mock was started with it.

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

describe('the sign-in list', () => {
  it('lists the active people (no bot, no blocked user), their names as text, and signs in as one without a password', async () => {
    const seed = structuredClone(demoSeed);
    seed.users?.push({ username: 'mallory', name: '<b>Mallory</b>' }, { username: 'gone', state: 'blocked' });
    const mock = createMockGitLab({ seed, signInList: true });
    const page = await (await mock.fetch(`${mock.baseUrl}/users/sign_in`)).text();
    expect(page).toContain('<legend>Sign in as</legend>');
    expect(page.match(/<form\b/g)).toHaveLength(1);
    expect(page).toContain('name="sign_in_as" value="maria"');
    expect(page).toContain('mallory (&#60;b&#62;Mallory&#60;/b&#62;)');
    expect(page).not.toContain('value="gone"');
    expect(page).not.toMatch(/value="project_\d+_bot/);

    const signedIn = await mock.fetch(`${mock.baseUrl}/users/sign_in`, form({ sign_in_as: 'maria' }));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('set-cookie')).toMatch(/^_gitlab_session=/);
    for (const refused of ['gone', 'project_1_bot_39bdb00c', 'nobody']) {
      const answer = await mock.fetch(`${mock.baseUrl}/users/sign_in`, form({ sign_in_as: refused }));
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('Invalid login or password.');
    }
  });

  it('is off by default in-process: no list, and sign_in_as signs no one in', async () => {
    const mock = createMockGitLab({ seed: demoSeed });
    const before = mock.exportState();
    expect(await (await mock.fetch(`${mock.baseUrl}/users/sign_in`)).text()).not.toContain('Sign in as');
    const answer = await mock.fetch(`${mock.baseUrl}/users/sign_in`, form({ sign_in_as: 'maria' }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(mock.exportState()).toEqual(before);
  });

  it('is on by default for a server on loopback, off elsewhere, and follows signInList', async () => {
    const cases = [
      { host: '127.0.0.1', signInList: undefined, listed: true },
      { host: '127.0.0.1', signInList: false, listed: false },
      { host: '0.0.0.0', signInList: undefined, listed: false },
      { host: '0.0.0.0', signInList: true, listed: true },
    ];
    for (const { host, signInList, listed } of cases) {
      const server = await startMockServer({ port: 0, host, signInList, seed: demoSeed });
      try {
        const url = server.url.replace('0.0.0.0', '127.0.0.1');
        const page = await (await fetch(`${url}/users/sign_in`)).text();
        expect([host, signInList, page.includes('Sign in as')]).toEqual([host, signInList, listed]);
      } finally {
        await server.close();
      }
    }
  });
});

describe('gitlab-admin-mock --sign-in-list', () => {
  afterAll(() => stopAllClis());

  it('turns the list off on loopback, and refuses anything but on or off with exit code 2', async () => {
    const off = runCli(['--port', '0', '--seed', 'demo', '--sign-in-list', 'off']);
    const url = /listening on (\S+)/.exec(await off.printed('Ctrl+C'))?.[1];
    expect((await (await fetch(`${url}/users/sign_in`)).text()).includes('Sign in as')).toBe(false);
    off.child.kill('SIGINT');
    expect(await off.exited).toBe(0);
    const bad = runCli(['--port', '0', '--sign-in-list', 'yes']);
    expect(await bad.exited).toBe(2);
    expect(bad.out.stderr).toContain("--sign-in-list must be on or off, got 'yes'");
  });
});
