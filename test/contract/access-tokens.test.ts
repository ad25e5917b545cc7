import { describe, expect, it } from 'vitest';
import { UnauthorizedError } from '../../src/index.js';
import { addDays, contractTarget, createdHere, orSkip } from './target.js';

// Contract scenarios for project access tokens, in the target's project only. The tokens
// they create are named contract-<run>-..., Guest-level, read_api only, expire within
// two weeks, and are revoked before the scenarios end (GitLab keeps them listed, revoked).

const target = contractTarget();
const { gitlab } = target;
const project = target.project ?? '';
const toRevoke = createdHere((id) => gitlab.projects.accessTokens.revoke(project, id));

describe.skipIf(!target.project)(`project access tokens, on ${target.where}`, () => {
  it('lists the active tokens, without their secrets', async (ctx) => {
    const tokens = await orSkip(
      target,
      ctx.skip,
      gitlab.projects.accessTokens.list(project, { state: 'active' }).toArray(),
      'listing project access tokens needs the Maintainer role',
    );
    for (const token of tokens) expect(token).toMatchObject({ active: true, revoked: false });
    for (const token of tokens) expect(token).not.toHaveProperty('token');
  });

  it('creates a token that works, rotates it (the old one stops working) and revokes the new one', async (ctx) => {
    const name = target.name('token');
    const expiresAt = addDays(target.today, 7);
    const token = await orSkip(
      target,
      ctx.skip,
      gitlab.projects.accessTokens.create(project, {
        name,
        scopes: ['read_api'],
        access_level: 10,
        expires_at: expiresAt,
      }),
      'this token may not create project access tokens here (role, plan or instance settings)',
    );
    toRevoke.push(token.id);
    expect(token).toMatchObject({ name, scopes: ['read_api'], access_level: 10, expires_at: expiresAt, active: true });
    expect(token.token).toEqual(expect.any(String));
    expect(await gitlab.projects.accessTokens.get(project, token.id)).not.toHaveProperty('token');

    const bot = target.client(token.token);
    await bot.projects.milestones.list(project).toArray();

    const fresh = await gitlab.projects.accessTokens.rotate(project, token.id, {
      expires_at: addDays(target.today, 14),
    });
    toRevoke.push(fresh.id);
    expect(fresh).toMatchObject({ name, expires_at: addDays(target.today, 14), active: true, revoked: false });
    expect(fresh.id).not.toBe(token.id);
    expect(fresh.token).not.toBe(token.token);
    await expect(bot.projects.milestones.list(project).toArray()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await gitlab.projects.accessTokens.get(project, token.id)).toMatchObject({ active: false, revoked: true });

    await gitlab.projects.accessTokens.revoke(project, fresh.id);
    expect(await gitlab.projects.accessTokens.get(project, fresh.id)).toMatchObject({ active: false, revoked: true });
    await expect(target.client(fresh.token).projects.milestones.list(project).toArray()).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
  });
});
