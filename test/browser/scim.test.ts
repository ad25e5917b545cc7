import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError } from '../../src/index.js';
import { as, TOKENS, useMockGitLab } from './setup.js';

const mock = useMockGitLab();

describe('SCIM identities in a browser', () => {
  it('lists, moves and removes identities of a group', async () => {
    const maria = as(TOKENS.maria); // Owner of acme
    const identities = await maria.groups.scim.list('acme');
    expect(identities.map((i) => [i.extern_uid, i.active])).toEqual([
      ['maria@idp.acme.example.com', true],
      ['omar@idp.acme.example.com', true],
      ['dev@idp.acme.example.com', true],
      ['rita@idp.acme.example.com', false],
    ]);

    const moved = await maria.groups.scim.update('acme', 'omar@idp.acme.example.com', {
      extern_uid: 'omar@new-idp.example.com',
    });
    expect(moved.extern_uid).toBe('omar@new-idp.example.com');
    await expect(maria.groups.scim.get('acme', 'omar@idp.acme.example.com')).rejects.toBeInstanceOf(NotFoundError);
    expect(await maria.groups.scim.get('acme', 'omar@new-idp.example.com')).toEqual(moved);

    await maria.groups.scim.delete('acme', 'rita@idp.acme.example.com');
    expect((await maria.groups.scim.list('acme')).map((i) => i.extern_uid)).toEqual([
      'maria@idp.acme.example.com',
      'omar@new-idp.example.com',
      'dev@idp.acme.example.com',
    ]);
  });

  it('is for Owners only', async () => {
    // A second SCIM group, built in the page, where omar is a Maintainer.
    mock.seed.group({ path: 'beta', plan: 'premium', saml_scim: true, members: { maria: 50, omar: 40 } });
    mock.seed.scimIdentity({ group: 'beta', user: 'omar', extern_uid: 'omar@beta-idp.example.com' });
    expect((await as(TOKENS.maria).groups.scim.list('beta')).map((i) => i.extern_uid)).toEqual([
      'omar@beta-idp.example.com',
    ]);
    const error = await as(TOKENS.omar)
      .groups.scim.list('beta')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({ status: 403, gitlabMessage: '403 Forbidden' });
  });
});
