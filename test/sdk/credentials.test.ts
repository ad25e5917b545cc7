import { describe, expect, it } from 'vitest';
import { GitLab, GitLabCredentialsError, GitLabError, type GitLabOptions, ProjectMilestones } from '../../src/index.js';
import { BASE, fakeFetch, type Handler, json, milestone, paginated, setup, TOKEN } from './helpers.js';

// The three credentials GitLab takes (PRIVATE-TOKEN, Authorization: Bearer, JOB-TOKEN), as strings
// or functions called before each request, and at most one of them per client.

const answer = () => json(milestone(1));

describe('each credential in its header', () => {
  const cases: Array<[string, Partial<GitLabOptions>, string, string]> = [
    ['token', { token: TOKEN }, 'private-token', TOKEN],
    ['oauthToken', { oauthToken: TOKEN }, 'authorization', `Bearer ${TOKEN}`],
    ['jobToken', { jobToken: TOKEN }, 'job-token', TOKEN],
  ];
  for (const [option, credential, header, sent] of cases) {
    it(`sends ${option} as ${header}, and no other credential header`, async () => {
      const { gitlab, requests } = setup(answer, credential);
      await gitlab.projects.milestones.get('acme/api', 1);
      await gitlab.projects.milestones.get('acme/api', 1, { headers: { Sudo: 'olivia' } });
      for (const request of requests) {
        expect(request.headers.get(header)).toBe(sent);
        const others = ['private-token', 'authorization', 'job-token'].filter((name) => name !== header);
        for (const other of others) expect(request.headers.get(other)).toBeNull();
        expect(request.rawUrl).not.toContain(TOKEN);
      }
      expect(requests[1]?.headers.get('sudo')).toBe('olivia');
    });

    it(`calls ${option} given as a function before each request, pages included`, async () => {
      let calls = 0;
      const list = paginated([milestone(1), milestone(2), milestone(3)]);
      const handler: Handler = (request, attempt) =>
        request.url.pathname.endsWith('/milestones') ? list(request, attempt) : answer();
      const { gitlab, requests } = setup(handler, {
        [option]: async () => `${TOKEN}-${++calls}`,
      });
      await gitlab.projects.milestones.get('acme/api', 1, { headers: { Sudo: 'olivia' } });
      const all = await gitlab.projects.milestones.list('acme/api', { per_page: 1 }).toArray();
      expect(all).toHaveLength(3);
      expect(calls).toBe(4);
      expect(requests.map((request) => request.headers.get(header))).toEqual(
        [1, 2, 3, 4].map((n) => sent.replace(TOKEN, `${TOKEN}-${n}`)),
      );
      expect(requests[0]?.headers.get('sudo')).toBe('olivia');
    });
  }

  it('sends no credential header without a credential (public data)', async () => {
    const { fetch, requests } = fakeFetch(answer);
    await new GitLab({ baseUrl: BASE, fetch }).projects.milestones.get('acme/api', 1);
    for (const name of ['private-token', 'authorization', 'job-token'])
      expect(requests[0]?.headers.get(name)).toBeNull();
  });

  it('gives a resource built alone the same options', async () => {
    const { fetch, requests } = fakeFetch(answer);
    const milestones = new ProjectMilestones({ baseUrl: BASE, oauthToken: () => TOKEN, fetch });
    await milestones.get('acme/api', 1);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(() => new ProjectMilestones({ baseUrl: BASE, token: TOKEN, jobToken: TOKEN })).toThrow(
      GitLabCredentialsError,
    );
  });
});

describe('credentials refused', () => {
  it('refuses more than one credential at construction, naming the options and never a value', () => {
    const attempts: Array<Partial<GitLabOptions>> = [
      { token: TOKEN, oauthToken: TOKEN },
      { oauthToken: () => TOKEN, jobToken: TOKEN },
      { token: TOKEN, oauthToken: TOKEN, jobToken: () => TOKEN },
    ];
    for (const credentials of attempts) {
      const error = (() => {
        try {
          new GitLab({ baseUrl: BASE, ...credentials });
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(GitLabCredentialsError);
      expect(error).toBeInstanceOf(GitLabError);
      const { message, name } = error as GitLabCredentialsError;
      expect(name).toBe('GitLabCredentialsError');
      for (const option of Object.keys(credentials)) expect(message).toContain(option);
      expect(message).not.toContain(TOKEN);
    }
  });

  it('says which credentials were given, each named once, and which header each one is sent in', () => {
    const listed = ': token (PRIVATE-TOKEN), oauthToken (Authorization: Bearer) or jobToken (JOB-TOKEN)';
    expect(() => new GitLab({ baseUrl: BASE, token: TOKEN, oauthToken: TOKEN })).toThrow(
      new GitLabCredentialsError(`Pass one credential, not token and oauthToken${listed}`),
    );
    expect(() => new GitLab({ baseUrl: BASE, token: () => TOKEN, oauthToken: TOKEN, jobToken: TOKEN })).toThrow(
      new GitLabCredentialsError(`Pass one credential, not token and oauthToken and jobToken${listed}`),
    );
  });

  it('takes an empty string or undefined as no credential', () => {
    expect(() => new GitLab({ baseUrl: BASE, token: '', oauthToken: TOKEN, jobToken: undefined })).not.toThrow();
  });

  it('refuses a credential that is neither a string nor a function, naming its type', () => {
    for (const [value, type] of [
      [42, 'number'],
      [null, 'null'],
      [[TOKEN], 'an array'],
      [{ token: TOKEN }, 'object'],
    ] as const) {
      const options = { baseUrl: BASE, jobToken: value } as unknown as GitLabOptions;
      expect(() => new GitLab(options)).toThrow(
        new GitLabCredentialsError(`jobToken must be a string or a function returning one, not ${type}`),
      );
    }
  });

  it('rejects a call whose credential function returns no token, sending nothing', async () => {
    for (const [value, got] of [
      ['', 'an empty string'],
      [undefined, 'undefined'],
      [{ token: TOKEN }, 'object'],
      [null, 'null'],
      [[TOKEN], 'an array'],
      [42, 'number'],
    ] as const) {
      const { gitlab, requests } = setup(answer, { oauthToken: (() => value) as () => string });
      const error = await gitlab.projects.milestones.get('acme/api', 1).catch((e: unknown) => e);
      expect(error).toEqual(new GitLabCredentialsError(`The oauthToken function returned ${got} instead of a token`));
      expect(requests).toHaveLength(0);
    }
  });

  it("rejects a call with the credential function's own error, unchanged, sending nothing", async () => {
    const failure = new Error('the refresh token was revoked');
    const { gitlab, requests } = setup(answer, {
      token: () => {
        throw failure;
      },
    });
    await expect(gitlab.projects.milestones.get('acme/api', 1)).rejects.toBe(failure);
    expect(requests).toHaveLength(0);
  });
});
