import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { call } from '../fixtures.js';
import { api, notPorted } from './api.js';

/**
 * GitLab's `spec/requests/api/metadata_spec.rb`, ported as HTTP requests to the
 * mock. GitLab runs its shared examples `GET /metadata` for `/metadata` and for
 * the deprecated `/version`; so does this file (`${source}` in the names is the
 * endpoint). docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const USER = 'glpat-spec-user';
const ADMIN_MODE = 'glpat-spec-admin-mode';
const API = 'glpat-spec-api';
const AI = 'glpat-spec-ai';
const READ_USER = 'glpat-spec-read-user';
const READ_REPOSITORY = 'glpat-spec-read-repository';

const seed: SeedDocument = {
  now: '2026-06-01T09:00:00Z',
  users: [
    { username: 'user', token: USER },
    { username: 'admin-mode', token: ADMIN_MODE, scopes: ['api', 'admin_mode'] },
    { username: 'api', token: API, scopes: ['api'] },
    { username: 'ai', token: AI, scopes: ['ai_features'] },
    { username: 'read-user', token: READ_USER, scopes: ['read_user'] },
    { username: 'read-repository', token: READ_REPOSITORY, scopes: ['read_repository'] },
  ],
};

/** GitLab's `public_api/v4/metadata` schema, with `additionalProperties: false`. */
function expectMetadata(answer: { status: number; body: Record<string, unknown> }) {
  expect(answer.status).toBe(200);
  expect(Object.keys(answer.body).sort()).toEqual(['enterprise', 'kas', 'revision', 'version']);
  expect(answer.body.version).toEqual(expect.any(String));
  expect(answer.body.revision).toEqual(expect.any(String));
  expect(answer.body.enterprise).toEqual(expect.any(Boolean));
  const kas = answer.body.kas as Record<string, unknown>;
  expect(kas.enabled).toEqual(expect.any(Boolean));
  expect(kas).toHaveProperty('externalUrl');
  expect(kas).toHaveProperty('version');
}

function metadataExamples(source: string) {
  const endpoint = `/${source}`;
  let mock: MockGitLab;
  beforeEach(() => {
    mock = createMockGitLab({ seed });
  });

  describe('when unauthenticated', () => {
    it('returns authentication error', async () => {
      expect((await api(mock, 'GET', endpoint)).status).toBe(401);
    });
  });

  describe('when authenticated as user', () => {
    it('authorizing granular token permissions, when authenticating with a legacy personal access token: grants access', async () => {
      expect((await api(mock, 'GET', endpoint, ADMIN_MODE)).status).toBe(200);
    });

    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'authorizing granular token permissions, when authenticating with a granular personal access token: grants access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'authorizing granular token permissions, when authenticating with a granular personal access token, when the `granular_personal_access_tokens` feature flag is disabled: denies access',
    );
    // skip: the mock does not model granular personal access tokens (GitLab's `granular_pat`, after 18.6)
    notPorted(
      'authorizing granular token permissions, when authenticating with a granular personal access token, when an authorizing granular scope is missing: denies access',
    );

    it('returns the metadata information', async () => {
      expectMetadata(await api(mock, 'GET', endpoint, USER));
    });
  });

  describe('when authenticated with token, with api scope', () => {
    it('returns the metadata information', async () => {
      expectMetadata(await api(mock, 'GET', endpoint, API));
    });

    it('returns "200" response on head requests', async () => {
      expect((await call(mock, 'HEAD', endpoint, { token: API })).status).toBe(200);
    });
  });

  describe('when authenticated with token, with ai_features scope', () => {
    it('returns the metadata information', async () => {
      expectMetadata(await api(mock, 'GET', endpoint, AI));
    });

    it('returns "200" response on head requests', async () => {
      expect((await call(mock, 'HEAD', endpoint, { token: AI })).status).toBe(200);
    });
  });

  describe('when authenticated with token, with read_user scope', () => {
    it('returns the metadata information', async () => {
      expectMetadata(await api(mock, 'GET', endpoint, READ_USER));
    });

    it('returns "200" response on head requests', async () => {
      expect((await call(mock, 'HEAD', endpoint, { token: READ_USER })).status).toBe(200);
    });
  });

  describe('when authenticated with token, with neither api, ai_features nor read_user scope', () => {
    it('returns authorization error', async () => {
      expect((await api(mock, 'GET', endpoint, READ_REPOSITORY)).status).toBe(403);
    });
  });
}

describe('GET /metadata', () => {
  metadataExamples('metadata');
});

describe('GET /version', () => {
  metadataExamples('version');
});
