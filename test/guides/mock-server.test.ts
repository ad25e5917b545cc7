import { GitLab } from 'gitlab-admin-sdk';
import { describe, expect, it } from 'vitest';
import { gitlabWorld } from './gitlab-mock-world.js';

// docs/mock-server.md's vitest setup, used as the guide shows it: one server for the run, a world per file.
const url = gitlabWorld('guide-mock-server');
const gitlab = new GitLab({ baseUrl: url, token: 'glpat-maria-000000000000000' });

describe('a world of the suite server, reset before each test', () => {
  it('creates a milestone in this world', async () => {
    await gitlab.projects.milestones.create('acme/platform/api', { title: 'v9.9' });
    const titles = (await gitlab.projects.milestones.list('acme/platform/api')).items.map((m) => m.title);
    expect(titles).toContain('v9.9');
  });

  it('starts the next test from the seed again', async () => {
    const titles = (await gitlab.projects.milestones.list('acme/platform/api')).items.map((m) => m.title);
    expect(titles).not.toContain('v9.9');
  });

  it('is not the default world of the server', async () => {
    const root = new GitLab({ baseUrl: url.replace(/\/worlds\/.*$/, ''), token: 'glpat-maria-000000000000000' });
    await gitlab.projects.milestones.create('acme/platform/api', { title: 'only here' });
    const titles = (await root.projects.milestones.list('acme/platform/api')).items.map((m) => m.title);
    expect(titles).not.toContain('only here');
  });
});
