import { describe, expect, it } from 'vitest';
import { type Application, ForbiddenError, NotFoundError, UnauthorizedError } from '../../src/index.js';
import { contractTarget } from './target.js';

// Contract scenarios that read nothing of anyone's: errors and the instance's applications.
// They run against the mock in `npm test`, and against GITLAB_URL in `npm run test:contract`.

const target = contractTarget();
const { gitlab } = target;

describe(`errors, on ${target.where}`, () => {
  it('answers 404 Project Not Found for a project that does not exist, its path encoded', async () => {
    const missing = `${target.name('missing')}/nowhere`;
    const error = await gitlab.projects.milestones.list(missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, gitlabMessage: '404 Project Not Found' });
  });

  it('answers 401 to a token that does not exist, and never repeats the token', async () => {
    const token = `glpat-${target.name('not-a-token')}`;
    const error = await target
      .client(token)
      .projects.milestones.list(`${target.name('missing')}/nowhere`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401 });
    expect(JSON.stringify(error)).not.toContain(token);
    expect(String((error as Error).message)).not.toContain(token);
  });
});

describe(`OAuth applications, on ${target.where}`, () => {
  it('lists them without secrets for an administrator, and answers 403 to anyone else', async () => {
    let apps: Application[];
    try {
      apps = await gitlab.applications.list();
    } catch (error) {
      expect(error).toBeInstanceOf(ForbiddenError);
      return;
    }
    for (const app of apps) expect(app).not.toHaveProperty('secret');
  });
});
