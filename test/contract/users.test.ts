import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { contractTarget } from './target.js';

// Contract scenarios that read only the caller, its token and the instance: what a
// client asks first. They change nothing.

const target = contractTarget();
const { gitlab } = target;

describe(`who am I, on ${target.where}`, () => {
  it('answers the same user from /user, /users/:id, /users?username= and the token itself', async () => {
    const me = await gitlab.users.current();
    expect(me).toMatchObject({ state: 'active', email: expect.any(String) });
    expect((await gitlab.users.get(me.id)).username).toBe(me.username);
    const { items } = await gitlab.users.list({ username: me.username.toUpperCase() });
    expect(items.map((user) => user.id)).toEqual([me.id]);
    const token = await gitlab.personalAccessTokens.self();
    expect(token).toMatchObject({ user_id: me.id, active: true, revoked: false });
    expect(token).not.toHaveProperty('token');
  });

  it('answers 404 User Not Found for a user that does not exist', async () => {
    const error = await gitlab.users.get(2_147_483_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, gitlabMessage: '404 User Not Found' });
  });

  it('answers the same version from /version and /metadata', async () => {
    const metadata = await gitlab.metadata();
    expect(metadata.version).toMatch(/^\d+\.\d+/);
    expect(typeof metadata.enterprise).toBe('boolean');
    expect((await gitlab.version()).version).toBe(metadata.version);
  });
});
