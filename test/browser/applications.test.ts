import { describe, expect, it } from 'vitest';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../src/index.js';
import { as, TOKENS, useMockGitLab } from './setup.js';

useMockGitLab();

describe('OAuth applications in a browser', () => {
  it('registers an application, renews its secret and deletes it', async () => {
    const root = as(TOKENS.root);
    const app = await root.applications.create({
      name: 'Dashboard',
      redirect_uri: 'https://dashboard.example.com/callback',
      scopes: ['read_user', 'openid'],
      confidential: true,
    });
    expect(app).toMatchObject({
      application_name: 'Dashboard',
      callback_url: 'https://dashboard.example.com/callback',
    });
    expect(app.application_id).toMatch(/^[0-9a-f]{64}$/);
    expect(app.secret).toMatch(/^gloas-[0-9a-f]{64}$/);

    const listed = await root.applications.list();
    expect(listed.map((a) => a.application_name)).toEqual(['Grafana', 'Acme Desktop', 'Dashboard']);
    expect(listed.every((a) => !('secret' in a))).toBe(true);

    const renewed = await root.applications.renewSecret(app.id);
    expect(renewed.application_id).toBe(app.application_id);
    expect(renewed.secret).not.toBe(app.secret);

    await root.applications.delete(app.id);
    expect((await root.applications.list()).map((a) => a.application_name)).toEqual(['Grafana', 'Acme Desktop']);
    await expect(root.applications.delete(app.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a bad redirect URI, and anyone but an administrator', async () => {
    const error = await as(TOKENS.root)
      .applications.create({ name: 'Bad', redirect_uri: 'javascript:alert(1)', scopes: ['api'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ gitlabMessage: { redirect_uri: ['is forbidden by the server.'] } });
    await expect(as(TOKENS.maria).applications.list()).rejects.toBeInstanceOf(ForbiddenError);
  });
});
