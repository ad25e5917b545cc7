import { describe, expect, it } from 'vitest';
import type { MockGitLab } from '../../mock/index.js';
import { api, NON_EXISTING_ID, notPorted, notPortedGroup, refusedUnchanged } from './api.js';
import {
  ADMIN,
  ADMIN_MODE,
  AUTHOR,
  CONFIDENTIAL,
  GUEST,
  ISSUE,
  idOf,
  NON_MEMBER,
  NON_MEMBER_ADMIN_MODE,
  NOW,
  OWNER,
  USER,
  userId,
  type WorldOptions,
  world,
} from './issues-world.js';

/**
 * GitLab's `spec/requests/api/issues/put_projects_issues_spec.rb` and the shared examples it runs,
 * ported as HTTP requests to the mock: each GitLab example is one test, named as GitLab names it.
 * The spec's project is `owner`'s, where `user` is a Reporter and `guest` a Guest; its issues are
 * issues_spec's (test/gitlab-specs/issues-world.ts), `foo` described `closed`.
 */

const ROUTE = '/projects/owner%2Fproject/issues';

/** The spec's world: `owner`'s project, the issues' ids past every iid. */
const putWorld = (options: WorldOptions = {}) =>
  world({ ownersProject: true, description: 'closed', largeIds: true, ...options });

const iidOf = (mock: MockGitLab, title: string) => mock.world.issues.get(idOf(mock, title))?.iid as number;
/** The spec's `issue_path`: the issue `foo`. */
const issuePath = (mock: MockGitLab) => `${ROUTE}/${iidOf(mock, ISSUE)}`;
const put = (mock: MockGitLab, path: string, token: string | undefined, params: Record<string, unknown>) =>
  api(mock, 'PUT', path, token, params);

describe('PUT /projects/:id/issues/:issue_iid to update only title (put_projects_issues_spec)', () => {
  /** The shared 'PUT request permissions for admin mode', on the confidential issue. */
  const adminModePut = async (token: string) => {
    const mock = putWorld({ instance: { admin_mode: true } });
    return (await put(mock, `${ROUTE}/${iidOf(mock, CONFIDENTIAL)}`, token, { title: 'updated title' })).status;
  };

  it('PUT request permissions for admin mode, when admin, makes request: returns', async () => {
    // admin_mode: true
    expect(await adminModePut(ADMIN_MODE)).toBe(200);
  });

  it('PUT request permissions for admin mode, when admin, makes request: returns', async () => {
    // admin_mode: false
    expect(await adminModePut(ADMIN)).toBe(403);
  });

  it('PUT request permissions for admin mode, when user: returns', async () => {
    // admin_mode: true, for a user who is no administrator
    expect(await adminModePut(NON_MEMBER_ADMIN_MODE)).toBe(403);
  });

  it('PUT request permissions for admin mode, when user, makes request: returns', async () => {
    // admin_mode: false
    expect(await adminModePut(NON_MEMBER)).toBe(403);
  });

  it('updates a project issue', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { title: 'updated title' });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('updated title');
  });

  it('returns 404 error if issue iid not found', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      put(mock, `${ROUTE}/${NON_EXISTING_ID}`, USER, { title: 'updated title' }),
    );
    expect(answer.status).toBe(404);
    expect(unchanged).toBe(true);
  });

  it('returns 404 error if issue id is used instead of the iid', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      put(mock, `${ROUTE}/${idOf(mock, ISSUE)}`, USER, { title: 'updated title' }),
    );
    expect(answer.status).toBe(404);
    expect(unchanged).toBe(true);
  });

  it('allows special label names', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, {
      title: 'updated title',
      labels: 'label, label?, label&foo, ?, &',
    });
    expect(answer.status).toBe(200);
  });

  it('allows special label names with labels param as array', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, {
      title: 'updated title',
      labels: ['label', 'label?', 'label&foo, ?, &'],
    });
    expect(answer.status).toBe(200);
    expect([...answer.body.labels].sort()).toEqual(['label', 'label?', 'label&foo', '?', '&'].sort());
  });

  const confidentialPath = (mock: MockGitLab) => `${ROUTE}/${iidOf(mock, CONFIDENTIAL)}`;

  it('confidential issues: returns 403 for non project members', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, NON_MEMBER, () =>
      put(mock, confidentialPath(mock), NON_MEMBER, { title: 'updated title' }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: '403 Forbidden' });
    expect(unchanged).toBe(true);
  });

  it('confidential issues: returns 403 for project members with guest role', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, GUEST, () =>
      put(mock, confidentialPath(mock), GUEST, { title: 'updated title' }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: '403 Forbidden' });
    expect(unchanged).toBe(true);
  });

  it('confidential issues: updates a confidential issue for project members', async () => {
    const mock = putWorld();
    const answer = await put(mock, confidentialPath(mock), USER, { title: 'updated title' });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('updated title');
  });

  it('confidential issues: updates a confidential issue for author', async () => {
    const mock = putWorld();
    const answer = await put(mock, confidentialPath(mock), AUTHOR, { title: 'updated title' });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('updated title');
  });

  it('confidential issues: updates a confidential issue for admin', async () => {
    const mock = putWorld({ instance: { admin_mode: true } });
    const answer = await put(mock, confidentialPath(mock), ADMIN_MODE, { title: 'updated title' });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('updated title');
  });

  it('confidential issues: sets an issue to confidential', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { confidential: true });
    expect(answer.status).toBe(200);
    expect(answer.body.confidential).toBe(true);
  });

  it('confidential issues: makes a confidential issue public', async () => {
    const mock = putWorld();
    const answer = await put(mock, confidentialPath(mock), USER, { confidential: false });
    expect(answer.status).toBe(200);
    expect(answer.body.confidential).toBe(false);
  });

  it('confidential issues: does not update a confidential issue with wrong confidential flag', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      put(mock, confidentialPath(mock), USER, { confidential: 'foo' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('confidential is invalid');
    expect(unchanged).toBe(true);
  });
});

notPortedGroup('PUT /projects/:id/issues/:issue_iid with spam filtering (put_projects_issues_spec)', () => {
  // skip: the mock does not model spam checks (Akismet, reCAPTCHA)
  notPorted('when allow_possible_spam application setting is false: does not update a project issue');
  // skip: the mock does not model spam checks (Akismet, reCAPTCHA)
  notPorted('when allow_possible_spam application setting is false: returns correct status and message');
  // skip: the mock does not model spam checks (Akismet, reCAPTCHA)
  notPorted('when allow_possible_spam application setting is false: creates a new spam log entry');
  // skip: the mock does not model spam checks (Akismet, reCAPTCHA)
  notPorted('when allow_possible_spam application setting is true: updates a project issue');
  // skip: the mock does not model spam checks (Akismet, reCAPTCHA)
  notPorted('when allow_possible_spam application setting is true: returns correct status and message');
  // skip: the mock does not model spam checks (Akismet, reCAPTCHA)
  notPorted('when allow_possible_spam application setting is true: creates a new spam log entry');
});

describe('PUT /projects/:id/issues/:issue_iid to update assignee (put_projects_issues_spec)', () => {
  it('support for deprecated assignee_id: removes assignee', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { assignee_id: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body.assignee).toBeNull();
  });

  it('support for deprecated assignee_id: updates an issue with new assignee', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { assignee_id: userId(mock, 'user2') });
    expect(answer.status).toBe(200);
    expect(answer.body.assignee.username).toBe('user2');
  });

  it('removes assignee', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { assignee_ids: [0] });
    expect(answer.status).toBe(200);
    expect(answer.body.assignees).toEqual([]);
  });

  it('updates an issue with new assignee', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { assignee_ids: [userId(mock, 'user2')] });
    expect(answer.status).toBe(200);
    expect(answer.body.assignees[0].username).toBe('user2');
  });

  it('single assignee restrictions: updates an issue with several assignees but only one has been applied', async () => {
    // The spec stubs the `multiple_issue_assignees` licence off: an unlicensed self-managed instance.
    const mock = putWorld({ instance: { offering: 'self-managed', plan: 'free' } });
    const answer = await put(mock, issuePath(mock), USER, {
      assignee_ids: [userId(mock, 'user2'), userId(mock, 'guest')],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.assignees).toHaveLength(1);
  });
});

describe('PUT /projects/:id/issues/:issue_iid to update labels (put_projects_issues_spec)', () => {
  /** The context's `dummy` label on the issue, in place of `label`. */
  const labelWorld = (extra: string[] = []) =>
    putWorld({ labels: ['dummy', ...extra], fooLabels: ['dummy', ...extra] });

  /** PUT two minutes later, as the spec's `travel_to(2.minutes.from_now)`. */
  const later = async (mock: MockGitLab, params: Record<string, unknown>) => {
    mock.clock.advance({ minutes: 2 });
    const answer = await put(mock, issuePath(mock), USER, params);
    expect(Date.parse(answer.body.updated_at)).toBeGreaterThan(NOW);
    return answer;
  };

  it('adds relevant labels', async () => {
    const mock = labelWorld();
    const answer = await put(mock, issuePath(mock), USER, { add_labels: '1, 2' });
    expect(answer.status).toBe(200);
    expect([...answer.body.labels].sort()).toEqual(['1', '2', 'dummy']);
  });

  it('removes: removes relevant labels', async () => {
    const mock = labelWorld(['a-label']);
    const answer = await put(mock, issuePath(mock), USER, { remove_labels: 'a-label' });
    expect(answer.status).toBe(200);
    expect(answer.body.labels).toEqual(['dummy']);
  });

  it('removes: removes all labels', async () => {
    const mock = labelWorld(['a-label']);
    const answer = await put(mock, issuePath(mock), USER, { remove_labels: 'dummy, a-label' });
    expect(answer.status).toBe(200);
    expect(answer.body.labels).toEqual([]);
  });

  it('does not update labels if not present', async () => {
    const mock = labelWorld();
    const answer = await put(mock, issuePath(mock), USER, { title: 'updated title' });
    expect(answer.status).toBe(200);
    expect(answer.body.labels).toEqual(['dummy']);
  });

  it('removes all labels and touches the record', async () => {
    const answer = await later(labelWorld(), { labels: '' });
    expect(answer.status).toBe(200);
    expect(answer.body.labels).toEqual([]);
  });

  it('removes all labels and touches the record with labels param as array', async () => {
    const answer = await later(labelWorld(), { labels: [''] });
    expect(answer.status).toBe(200);
    expect(answer.body.labels).toEqual([]);
  });

  it('updates labels and touches the record', async () => {
    const answer = await later(labelWorld(), { labels: 'foo,bar' });
    expect(answer.status).toBe(200);
    expect([...answer.body.labels].sort()).toEqual(['bar', 'foo']);
  });

  it('updates labels and touches the record with labels param as array', async () => {
    const answer = await later(labelWorld(), { labels: ['foo', 'bar'] });
    expect(answer.status).toBe(200);
    expect(answer.body.labels).toEqual(expect.arrayContaining(['foo', 'bar']));
  });

  const special = ['label:foo', 'label-bar', 'label_bar', 'label/bar', 'label?bar', 'label&bar', '?', '&'];

  it('allows special label names', async () => {
    const mock = labelWorld();
    const answer = await put(mock, issuePath(mock), USER, {
      labels: 'label:foo, label-bar,label_bar,label/bar,label?bar,label&bar,?,&',
    });
    expect(answer.status).toBe(200);
    expect([...answer.body.labels].sort()).toEqual([...special].sort());
  });

  it('allows special label names with labels param as array', async () => {
    const mock = labelWorld();
    const answer = await put(mock, issuePath(mock), USER, {
      labels: ['label:foo', 'label-bar', 'label_bar', 'label/bar,label?bar,label&bar,?,&'],
    });
    expect(answer.status).toBe(200);
    expect([...answer.body.labels].sort()).toEqual([...special].sort());
  });

  it('returns 400 if title is too long', async () => {
    const mock = labelWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, USER, () =>
      put(mock, issuePath(mock), USER, { title: 'g'.repeat(256) }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message.title).toEqual(['is too long (maximum is 255 characters)']);
    expect(unchanged).toBe(true);
  });
});

describe('PUT /projects/:id/issues/:issue_iid to update state and label (put_projects_issues_spec)', () => {
  it('updates a project issue', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { labels: 'label2', state_event: 'close' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ labels: ['label2'], state: 'closed' });
  });

  it('reopens a project isssue', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { state_event: 'reopen' });
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('opened');
  });
});

describe('PUT /projects/:id/issues/:issue_iid to update updated_at param (put_projects_issues_spec)', () => {
  const twoWeeksAgo = new Date(NOW - 14 * 86_400_000).toISOString();

  it('when reporter makes request: accepts the update date to be set', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), USER, { title: 'some new title', updated_at: twoWeeksAgo });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('some new title');
    expect(answer.body.updated_at).not.toBe(twoWeeksAgo);
  });

  it('when admin or owner makes the request: not allow to set null for updated_at', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, OWNER, () =>
      put(mock, issuePath(mock), OWNER, { updated_at: null }),
    );
    expect(answer.status).toBe(400);
    expect(unchanged).toBe(true);
  });

  it('when admin or owner makes the request: not allow to set blank for updated_at', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, OWNER, () =>
      put(mock, issuePath(mock), OWNER, { updated_at: '' }),
    );
    expect(answer.status).toBe(400);
    expect(unchanged).toBe(true);
  });

  it('when admin or owner makes the request: not allow to set invalid format for updated_at', async () => {
    const mock = putWorld();
    const { answer, unchanged } = await refusedUnchanged(mock, OWNER, () =>
      put(mock, issuePath(mock), OWNER, { updated_at: 'invalid-format' }),
    );
    expect(answer.status).toBe(400);
    expect(unchanged).toBe(true);
  });

  it('when admin or owner makes the request: accepts the update date to be set', async () => {
    const mock = putWorld();
    const answer = await put(mock, issuePath(mock), OWNER, { title: 'some new title', updated_at: twoWeeksAgo });
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('some new title');
    expect(answer.body.updated_at).toBe(twoWeeksAgo);
  });
});

notPortedGroup('PUT /projects/:id/issues/:issue_iid to update due date (put_projects_issues_spec)', () => {
  // skip: the mock does not model due dates of issues (`due_date` is always null)
  notPorted('creates a new project issue');
});
