import { describe, expect, it } from 'vitest';
import { BadRequestError, UnauthorizedError } from '../../src/index.js';
import { API, as, TOKENS, useMockGitLab } from './setup.js';

useMockGitLab();

describe('project access tokens in a browser', () => {
  it('creates a token that works, rotates it and revokes the new one', async () => {
    const omar = as(TOKENS.omar); // Maintainer
    const created = await omar.projects.accessTokens.create(API, {
      name: 'browser-ci',
      scopes: ['api'],
      access_level: 30,
      expires_at: '2026-08-01',
    });
    expect(created).toMatchObject({ name: 'browser-ci', active: true, revoked: false, access_level: 30 });
    expect(created.token).toMatch(/^glpat-[\w-]{20}$/);
    // The token's bot is a Developer of the project: it reads milestones.
    expect((await as(created.token!).projects.milestones.list(API)).total).toBe(4);

    const rotated = await omar.projects.accessTokens.rotate(API, created.id, { expires_at: '2026-09-01' });
    expect(rotated.id).not.toBe(created.id);
    expect(rotated.token).not.toBe(created.token);
    expect(rotated).toMatchObject({ name: 'browser-ci', expires_at: '2026-09-01', user_id: created.user_id });
    await expect(as(created.token!).projects.milestones.list(API)).rejects.toBeInstanceOf(UnauthorizedError);

    await omar.projects.accessTokens.revoke(API, rotated.id);
    await expect(as(rotated.token!).projects.milestones.list(API)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await omar.projects.accessTokens.get(API, rotated.id)).toMatchObject({ active: false, revoked: true });
  });

  it('lists with filters, and never shows a secret', async () => {
    const omar = as(TOKENS.omar);
    const all = await omar.projects.accessTokens.list(API).toArray();
    expect(all.map((t) => t.name)).toEqual(['ci', 'release-bot', 'old-deploy']);
    expect(all.every((t) => !('token' in t))).toBe(true);
    const active = await omar.projects.accessTokens.list(API, { state: 'active' }).toArray();
    expect(active.map((t) => t.name)).toEqual(['ci', 'release-bot']);
  });

  it('refuses a Developer with 401, and a token beyond a year with 400', async () => {
    await expect(as(TOKENS.dev).projects.accessTokens.list(API)).rejects.toBeInstanceOf(UnauthorizedError);
    const error = await as(TOKENS.omar)
      .projects.accessTokens.create(API, { name: 'forever', scopes: ['api'], expires_at: '2027-12-31' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ gitlabMessage: '400 Bad request - Expiration date must be before 2027-06-01' });
  });
});
