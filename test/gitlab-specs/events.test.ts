import { beforeEach, describe, expect, it } from 'vitest';
import { createMockGitLab, type MockGitLab, type SeedDocument } from '../../mock/index.js';
import { call } from '../fixtures.js';
import { api, hasPaginationHeaders, NON_EXISTING_ID, notPorted } from './api.js';

/**
 * GitLab's `spec/requests/api/events_spec.rb`, ported as HTTP requests to the
 * mock: each GitLab example is one test, named as GitLab names it.
 * docs/gitlab-specs.md lists them (a test keeps it in step).
 */

const USER = 'glpat-spec-user';
const NON_MEMBER = 'glpat-spec-non-member';
const READ_USER = 'glpat-spec-read-user';
const READ_REPOSITORY = 'glpat-spec-read-repository';
const NON_MEMBER_READ_USER = 'glpat-spec-non-member-read-user';

/** The spec's private project with two closed issues, each closed on 2016-12-30 (once by a non-member). */
function seedOf(options: { nonMemberDeveloper?: boolean; privateProfile?: boolean } = {}): SeedDocument {
  return {
    now: '2026-06-01T09:00:00Z',
    users: [
      {
        username: 'user',
        token: USER,
        ...(options.privateProfile ? { private_profile: true } : {}),
        personal_access_tokens: [
          { name: 'read_user', scopes: ['read_user'], token: READ_USER },
          { name: 'read_repository', scopes: ['read_repository'], token: READ_REPOSITORY },
        ],
      },
      {
        username: 'non_member',
        token: NON_MEMBER,
        personal_access_tokens: [{ name: 'read_user', scopes: ['read_user'], token: NON_MEMBER_READ_USER }],
      },
    ],
    projects: [
      {
        path: 'user/private-project',
        visibility: 'private',
        ...(options.nonMemberDeveloper ? { members: { non_member: 30 } } : {}),
        issues: [
          {
            id: 1,
            title: 'Closed issue',
            author: 'user',
            created_at: '2016-12-01T00:00:00Z',
            events: [{ action: 'closed', at: '2016-12-30T00:00:00Z' }],
          },
          {
            id: 2,
            title: 'Closed issue 2',
            author: 'non_member',
            created_at: '2016-12-01T00:00:00Z',
            events: [{ action: 'closed', at: '2016-12-30T00:00:00Z' }],
          },
        ],
      },
    ],
    events: [
      {
        project: 'user/private-project',
        author: 'user',
        action: 'closed',
        target_type: 'Issue',
        target_id: 1,
        target_iid: 1,
        target_title: 'Closed issue',
        created_at: '2016-12-30T00:00:00Z',
      },
      {
        project: 'user/private-project',
        author: 'non_member',
        action: 'closed',
        target_type: 'Issue',
        target_id: 2,
        target_iid: 2,
        target_title: 'Closed issue 2',
        created_at: '2016-12-30T00:00:00Z',
      },
    ],
  };
}

const FILTERS = 'action=closed&target_type=issue&after=2016-12-1&before=2016-12-31';
const userId = (m: MockGitLab, name: string) => [...m.world.users.values()].find((u) => u.username === name)?.id;
const closedIssueId = (m: MockGitLab) => [...m.world.issues.values()].find((i) => i.title === 'Closed issue')?.id;

let mock: MockGitLab;
beforeEach(() => {
  mock = createMockGitLab({ seed: seedOf() });
});

describe('GET /events', () => {
  it('when unauthenticated: returns authentication error', async () => {
    expect((await api(mock, 'GET', '/events')).status).toBe(401);
  });

  it('when authenticated: returns users events', async () => {
    const answer = await api(mock, 'GET', `/events?${FILTERS}`, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
  });

  it('when authenticated, when scope is passed: returns all events across projects', async () => {
    const m = createMockGitLab({ seed: seedOf({ nonMemberDeveloper: true }) });
    const answer = await api(m, 'GET', `/events?${FILTERS}&scope=all`, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(2);
  });

  it('when the requesting token has "read_user" scope: returns users events', async () => {
    const answer = await api(mock, 'GET', `/events?${FILTERS}`, READ_USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
  });

  it('when the requesting token has "read_user" scope: returns "200" response on head request', async () => {
    expect((await call(mock, 'HEAD', `/events?${FILTERS}`, { token: READ_USER })).status).toBe(200);
  });

  it('when the requesting token does not have "read_user" or "api" scope: returns a "403" response', async () => {
    expect((await api(mock, 'GET', '/events', READ_REPOSITORY)).status).toBe(403);
  });
});

describe('GET /users/:id/events', () => {
  // skip: stubs `Ability.allowed?` to refuse `read_user` on a visible user; no request can make the policy refuse so
  notPorted('as a user that cannot see another user: returns a "404" response');
  // skip: stubs `Ability.allowed?` to refuse `read_user` on a visible user; no request can make the policy refuse so
  notPorted('as a user token that cannot see another user: returns a "404" response');

  it("as a user that can see the event's project: accepts a username", async () => {
    const answer = await api(mock, 'GET', '/users/user/events', USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
  });

  it("as a user that can see the event's project: returns the events", async () => {
    const answer = await api(mock, 'GET', `/users/${userId(mock, 'user')}/events`, USER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toHaveLength(1);
  });

  // skip: the mock does not model imports (an event `imported_from: :github`); every event answers `imported: false`, `imported_from: "none"`
  notPorted("as a user that can see the event's project: returns the correct import state");

  // skip: the mock does not model wikis (wiki page events)
  notPorted(
    "as a user that can see the event's project, when the list of events includes wiki page events: returns information about the wiki event",
  );

  it("as a user that can see the event's project, when the list of events includes push events: responds with HTTP 200 OK", async () => {
    expect((await api(mock, 'GET', `/users/${userId(mock, 'user')}/events?action=pushed`, USER)).status).toBe(200);
  });
  // skip: the mock does not model push events with their payload (`push_event_payload`: commits, refs); its events are those of issues, merge requests, milestones and memberships
  notPorted(
    "as a user that can see the event's project, when the list of events includes push events: includes the push payload as a Hash",
  );
  // skip: the mock does not model push events with their payload (`push_event_payload`: commits, refs)
  notPorted(
    "as a user that can see the event's project, when the list of events includes push events: includes the push payload details",
  );

  // skip: the mock does not model notes (comment events)
  notPorted(
    "as a user that can see the event's project, when there are multiple events from different projects: returns events in the correct order (from newest to oldest)",
  );

  it("as a user that can see the event's project, when there are multiple events from different projects: accepts filter parameters", async () => {
    const answer = await api(mock, 'GET', `/users/${userId(mock, 'user')}/events?${FILTERS}`, USER);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].target_id).toBe(closedIssueId(mock));
  });

  it("as a user that can see the event's project, when target users profile is private: returns no events", async () => {
    const m = createMockGitLab({ seed: seedOf({ privateProfile: true, nonMemberDeveloper: true }) });
    const answer = await api(m, 'GET', '/users/user/events', NON_MEMBER);
    expect(answer.status).toBe(200);
    expect(hasPaginationHeaders(answer.headers)).toBe(true);
    expect(answer.body).toEqual([]);
  });

  it("as a user that can see the event's project, when scope is passed, when unauthenticated: returns no user events", async () => {
    const answer = await api(mock, 'GET', '/users/user/events?scope=all');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('returns a 404 error if not found', async () => {
    const answer = await api(mock, 'GET', `/users/${NON_EXISTING_ID}/events`, USER);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('404 User Not Found');
  });
});
