import { groupPlan } from '../rules/access.js';
import { mergeRequestRules } from '../rules/approvals/approval-rules.js';
import { reviewerState } from '../rules/approvals/approvals.js';
import { protectionsOf } from '../rules/branches.js';
import { projectLabels } from '../rules/labels.js';
import { detailedMergeStatus, isDraftTitle, mergeStatus } from '../rules/merge-requests.js';
import { personalNamespaceId } from '../rules/namespaces.js';
import {
  MEMBER_EVENT_NAMES,
  type MergeRequestPushHook,
  PROJECT_MEMBER_EVENT_NAMES,
  type ProjectEvent,
  type SampleableToken,
  type WebhookEvent,
} from '../rules/webhooks.js';
import { groupChain } from '../world/memberships.js';
import type {
  ExpiryNotificationInterval,
  Group,
  Issue,
  Label,
  MergeRequest,
  Milestone,
  Project,
  Role,
  SshKey,
  User,
  World,
} from '../world/types.js';
import { ROLE_NAMES } from '../world/types.js';
import { nowIso, toSeconds } from '../world/world.js';

/**
 * Webhook payloads as GitLab's data builders make them (`lib/gitlab/data_builder/issuable.rb`,
 * `milestone.rb`, `resource_access_token.rb`, `lib/gitlab/hook_data/*_builder.rb`, the models'
 * `hook_attrs`), keys in their order. What the world does not model gets the value GitLab sends
 * for it on a fresh record: no pipelines (`head_pipeline_id: null`), no time tracking (0 and
 * `null`), no avatars (`null`), a user's public email or `[REDACTED]` (`User#webhook_email`,
 * never the private address), no CI configuration path (`''`). The dispatcher asks {@link payloadOf} for the payload
 * of an event the rules announced as data (`mock/rules/webhooks.ts`'s subjects), when a hook wants it.
 * @module
 */

/**
 * How a payload's times read once serialized: the builders put the records' times in as they are, and
 * GitLab's serializer writes them. An event's hooks are queued (`WebHookWorker`), and Sidekiq serializes the
 * payload with `JSON.generate`, which writes a time as Ruby's `Time#to_s` (`2026-01-16 05:56:22 UTC`, as
 * GitLab's own merge request example shows); a hook test runs `WebHookService` inline, whose encoder writes
 * it as Rails does (`2026-01-16T05:56:22.000Z`). Times a builder formats itself (`xmlschema`) read the same
 * either way.
 */
export type HookTime = (iso: string) => string;
/** Sidekiq's serialization of a queued event: Ruby's `Time#to_s` in UTC. */
export const queuedTime: HookTime = (iso) => {
  const utc = new Date(iso).toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 19)} UTC`;
};
/** A hook test's inline encoding: Rails' `as_json` of a time, to the millisecond. */
export const inlineTime: HookTime = (iso) => new Date(iso).toISOString();
/** A time that may be absent, formatted. */
const maybe = (time: HookTime, iso: string | null) => (iso === null ? null : time(iso));

/** `User#webhook_email`: the public email, or `[REDACTED]` for a user without one (or with `''`). */
export function webhookEmail(user: User): string {
  return user.profile?.public_email || '[REDACTED]';
}

/** `User#hook_attrs`. */
export function userHookAttrs(user: User) {
  return { id: user.id, name: user.name, username: user.username, avatar_url: null, email: webhookEmail(user) };
}

/** The name of a project's namespace: its group's name, or its owner's name. */
function namespaceName(world: World, project: Project): string {
  if (project.namespace.kind === 'group') return world.groups.get(project.namespace.id)?.name ?? '';
  return world.users.get(project.namespace.id)?.name ?? '';
}

const VISIBILITY_LEVEL = { private: 0, internal: 10, public: 20 } as const;

/** `Project#hook_attrs` with its deprecated keys (`homepage`, `url`, `ssh_url`, `http_url`). */
export function projectHookAttrs(world: World, project: Project) {
  const web = `${world.baseUrl}/${project.path_with_namespace}`;
  const ssh = `git@${new URL(world.baseUrl).hostname}:${project.path_with_namespace}.git`;
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    web_url: web,
    avatar_url: null,
    git_ssh_url: ssh,
    git_http_url: `${web}.git`,
    namespace: namespaceName(world, project),
    visibility_level: VISIBILITY_LEVEL[project.visibility],
    path_with_namespace: project.path_with_namespace,
    default_branch: project.default_branch,
    ci_config_path: '',
    homepage: web,
    url: ssh,
    ssh_url: ssh,
    http_url: `${web}.git`,
  };
}

/** `Group#hook_attrs`. */
export function groupHookAttrs(group: Group) {
  return {
    group_name: group.name,
    group_path: group.path,
    group_id: group.id,
    full_path: group.full_path,
  };
}

/** `Label#hook_attrs`; labels keep no timestamps in the mock: their owner's creation time stands in. */
function labelHookAttrs(world: World, label: Label, time: HookTime) {
  const owner =
    label.project_id !== null ? world.projects.get(label.project_id) : world.groups.get(label.group_id ?? -1);
  const at = maybe(time, owner?.created_at ?? null);
  return {
    id: label.id,
    title: label.title,
    color: label.color,
    project_id: label.project_id,
    created_at: at,
    updated_at: at,
    template: false,
    description: label.description,
    type: label.project_id !== null ? 'ProjectLabel' : 'GroupLabel',
    group_id: label.group_id,
  };
}

/** The labels an issuable carries, as hook attributes, in the issuable's order. */
function labelsOf(world: World, project: Project, titles: readonly string[], time: HookTime) {
  if (titles.length === 0) return [];
  const usable = new Map(projectLabels(world, project).map((l) => [l.title, l]));
  return titles.flatMap((t) => {
    const label = usable.get(t);
    return label ? [labelHookAttrs(world, label, time)] : [];
  });
}

const usersOf = (world: World, ids: readonly number[]) =>
  ids.flatMap((id) => {
    const user = world.users.get(id);
    return user ? [userHookAttrs(user)] : [];
  });

/**
 * A merge request's reviewers (`Issuable#reviewers_hook_attrs`, GitLab 18.6): each user's hook attributes, their
 * review state, and `re_requested` (`true` only in the hook of a re-requested review, which the mock does not model).
 */
const reviewersOf = (world: World, mr: MergeRequest) =>
  mr.reviewer_ids.flatMap((id) => {
    const user = world.users.get(id);
    return user ? [{ ...userHookAttrs(user), state: reviewerState(mr, id), re_requested: false }] : [];
  });

/**
 * A merge request's own approval rules (EE's `MergeRequestBuilder`, `ApprovalMergeRequestRule#hook_attrs`):
 * the columns the mock does not model (security policies, code owner sections) at their defaults.
 */
const approvalRulesOf = (world: World, mr: MergeRequest, time: HookTime) =>
  mergeRequestRules(world, mr).map((rule) => ({
    id: rule.id,
    approvals_required: rule.approvals_required,
    name: rule.name,
    rule_type: rule.rule_type,
    report_type: rule.report_type,
    merge_request_id: mr.id,
    section: null,
    modified_from_project_rule: rule.modified_from_project_rule,
    orchestration_policy_idx: null,
    vulnerabilities_allowed: 0,
    scanners: [],
    severity_levels: [],
    vulnerability_states: ['new_needs_triage', 'new_dismissed'],
    security_orchestration_policy_configuration_id: null,
    scan_result_policy_id: null,
    applicable_post_merge: null,
    project_id: mr.project_id,
    approval_policy_rule_id: null,
    updated_at: time(rule.updated_at),
    created_at: time(rule.created_at),
  }));

/** What changed, GitLab's `changes`: `{ key: { previous, current } }`. */
export type Changes = Record<string, { previous: unknown; current: unknown }>;

/** GitLab's `state_id` column values. */
const STATE_ID = { opened: 1, closed: 2, merged: 3, locked: 4 } as const;

/** The top of an issuable's payload (`Gitlab::DataBuilder::Issuable#build`). */
function issuableTop(
  attrs: ReturnType<typeof projectHookAttrs>,
  kind: 'issue' | 'merge_request',
  confidential: boolean,
  user: User,
) {
  return {
    object_kind: kind,
    event_type: confidential ? `confidential_${kind}` : kind,
    user: userHookAttrs(user),
    project: attrs,
  };
}

/** The deprecated `repository` key of issuable payloads. */
function repository(attrs: ReturnType<typeof projectHookAttrs>) {
  return { name: attrs.name, url: attrs.url, description: attrs.description, homepage: attrs.homepage };
}

/**
 * A merge request event (`object_kind: "merge_request"`), `action` one of `open`, `update`,
 * `close`, `reopen`, `merge`, `approved`, `unapproved`, `approval`, `unapproval`.
 */
export function mergeRequestPayload(
  world: World,
  project: Project,
  mr: MergeRequest,
  user: User,
  action: string,
  time: HookTime,
  changes: Changes = {},
  push: MergeRequestPushHook = {},
) {
  const url = `${world.baseUrl}/${project.path_with_namespace}/-/merge_requests/${mr.iid}`;
  const source = projectHookAttrs(world, project);
  const draft = isDraftTitle(mr.title);
  const labels = labelsOf(world, project, mr.labels, time);
  const lastPush = mr.pushes.at(-1);
  const committer = world.users.get(lastPush?.author_id ?? mr.author_id);
  return {
    ...issuableTop(source, 'merge_request', false, user),
    object_attributes: {
      assignee_id: mr.assignee_ids[0] ?? null,
      author_id: mr.author_id,
      created_at: time(mr.created_at),
      description: mr.description ?? '',
      draft,
      head_pipeline_id: null,
      id: mr.id,
      iid: mr.iid,
      last_edited_at: null,
      last_edited_by_id: null,
      merge_commit_sha: mr.merge_commit_sha,
      merge_error: null,
      merge_params: { force_remove_source_branch: mr.force_remove_source_branch ? '1' : '0' },
      merge_status: mergeStatus(mr),
      merge_user_id: mr.merged_by_id,
      merge_when_pipeline_succeeds: false,
      milestone_id: mr.milestone_id,
      source_branch: mr.source_branch,
      source_project_id: project.id,
      state_id: STATE_ID[mr.state],
      target_branch: mr.target_branch,
      target_project_id: project.id,
      time_estimate: 0,
      title: mr.title,
      updated_at: time(mr.updated_at),
      updated_by_id: null,
      prepared_at: time(mr.created_at),
      assignee_ids: [...mr.assignee_ids],
      blocking_discussions_resolved: true,
      detailed_merge_status: detailedMergeStatus(world, project, mr),
      first_contribution: false,
      human_time_change: null,
      human_time_estimate: null,
      human_total_time_spent: null,
      labels,
      last_commit: {
        id: mr.sha,
        message: mr.title,
        title: mr.title,
        // `Commit#timestamp`: `committed_date.xmlschema`, the mock's commits in UTC.
        timestamp: `${new Date(lastPush?.at ?? mr.created_at).toISOString().slice(0, 19)}+00:00`,
        url: `${world.baseUrl}/${project.path_with_namespace}/-/commit/${mr.sha}`,
        author: { name: committer?.name ?? '', email: committer?.email ?? '' },
      },
      reviewer_ids: [...mr.reviewer_ids],
      source,
      state: mr.state,
      // GitLab 18.5 and later: `true` only for approvals the system reset, with `system_action` last.
      system: push.systemAction !== undefined,
      target: source,
      time_change: 0,
      total_time_spent: 0,
      url,
      work_in_progress: draft,
      approval_rules: approvalRulesOf(world, mr, time),
      action,
      ...(push.oldrev !== undefined && { oldrev: push.oldrev }),
      ...(push.systemAction !== undefined && { system_action: push.systemAction }),
    },
    labels,
    changes,
    repository: repository(source),
    ...(mr.assignee_ids.length > 0 && { assignees: usersOf(world, mr.assignee_ids) }),
    ...(mr.reviewer_ids.length > 0 && { reviewers: reviewersOf(world, mr) }),
  };
}

/** An issue event (`object_kind: "issue"`, `event_type` `confidential_issue` for a confidential one); `action` `open`, `update`, `close` or `reopen`. */
export function issuePayload(
  world: World,
  project: Project,
  issue: Issue,
  user: User,
  action: string,
  time: HookTime,
  changes: Changes = {},
) {
  const labels = labelsOf(world, project, issue.labels, time);
  const attrs = projectHookAttrs(world, project);
  return {
    ...issuableTop(attrs, 'issue', issue.confidential, user),
    object_attributes: {
      author_id: issue.author_id,
      closed_at: maybe(time, issue.closed_at),
      confidential: issue.confidential,
      created_at: time(issue.created_at),
      description: issue.description ?? '',
      discussion_locked: null,
      due_date: null,
      id: issue.id,
      iid: issue.iid,
      last_edited_at: null,
      last_edited_by_id: null,
      milestone_id: issue.milestone_id,
      moved_to_id: null,
      duplicated_to_id: null,
      project_id: project.id,
      relative_position: null,
      state_id: STATE_ID[issue.state],
      time_estimate: 0,
      title: issue.title,
      updated_at: time(issue.updated_at),
      updated_by_id: null,
      // EE's IssueBuilder appends these columns to the CE ones; `health_status` is not modelled.
      weight: issue.weight,
      health_status: null,
      type: 'Issue',
      url: `${world.baseUrl}/${project.path_with_namespace}/-/issues/${issue.iid}`,
      total_time_spent: 0,
      time_change: 0,
      human_total_time_spent: null,
      human_time_change: null,
      human_time_estimate: null,
      assignee_ids: [...issue.assignee_ids],
      assignee_id: issue.assignee_ids[0] ?? null,
      labels,
      state: issue.state,
      severity: 'unknown',
      customer_relations_contacts: [],
      action,
    },
    labels,
    changes,
    repository: repository(attrs),
    ...(issue.assignee_ids.length > 0 && { assignees: usersOf(world, issue.assignee_ids) }),
  };
}

/**
 * A milestone event (`object_kind: "milestone"`), `action` `create`, `close`, `reopen` or `delete`: `project` is `null`
 * for a group milestone and `group` for a project's (`Gitlab::DataBuilder::Milestone`, with group milestones' events).
 */
export function milestonePayload(world: World, milestone: Milestone, action: string, time: HookTime) {
  const project = milestone.project_id === null ? undefined : world.projects.get(milestone.project_id);
  const group = milestone.group_id === null ? undefined : world.groups.get(milestone.group_id);
  return {
    object_kind: 'milestone',
    event_type: 'milestone',
    project: project ? projectHookAttrs(world, project) : null,
    group: group ? groupHookAttrs(group) : null,
    object_attributes: {
      id: milestone.id,
      iid: milestone.iid,
      title: milestone.title,
      description: milestone.description,
      state: milestone.state,
      created_at: time(milestone.created_at),
      updated_at: time(milestone.updated_at),
      due_date: milestone.due_date,
      start_date: milestone.start_date,
      project_id: milestone.project_id,
      // EE's `MilestoneBuilder` appends it (`super + [:group_id]`).
      group_id: milestone.group_id,
    },
    action,
  };
}

/**
 * A project or group access token about to expire (`object_kind: "access_token"`,
 * `event_name: "expiring_access_token"`): the resource under `project` or `group`.
 */
export function accessTokenPayload(
  world: World,
  token: SampleableToken,
  resource: Project | Group,
  time: HookTime,
  interval?: ExpiryNotificationInterval,
) {
  const isProject = 'path_with_namespace' in resource;
  return {
    object_kind: 'access_token',
    ...(isProject ? { project: projectHookAttrs(world, resource) } : { group: groupHookAttrs(resource as Group) }),
    object_attributes: {
      user_id: token.user_id,
      created_at: time(token.created_at),
      id: token.id,
      name: token.name,
      expires_at: token.expires_at,
    },
    event_name: 'expiring_access_token',
    // `ResourceAccessTokenPayload.build(...).merge(data)` with the worker's `{ interval: interval }`
    // (app/workers/personal_access_tokens/expiring_worker.rb): a symbol, serialised as its name.
    // A hook test's sample (`Integrations::ProjectTestData#access_tokens_events_data`) merges nothing.
    ...(interval !== undefined && { interval }),
  };
}

/**
 * GitLab's fixed push sample (`Gitlab::DataBuilder::Push::SAMPLE_DATA`, and `SAMPLE_TAG_DATA` over it
 * for a tag): what a push test sends for a project whose repository is empty.
 */
export const PUSH_SAMPLE_DATA = {
  object_kind: 'push',
  event_name: 'push',
  before: '95790bf891e76fee5e1747ab589903a6a1f80f22',
  after: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
  ref: 'refs/heads/master',
  ref_protected: true,
  checkout_sha: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
  message: 'Hello World',
  user_id: 4,
  user_name: 'John Smith',
  user_email: 'john@example.com',
  user_avatar:
    'https://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=8://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=80',
  project_id: 15,
  project: {
    id: 15,
    name: 'gitlab',
    description: '',
    web_url: 'http://test.example.com/gitlab/gitlab',
    avatar_url:
      'https://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=8://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=80',
    git_ssh_url: 'git@test.example.com:gitlab/gitlab.git',
    git_http_url: 'http://test.example.com/gitlab/gitlab.git',
    namespace: 'gitlab',
    visibility_level: 0,
    path_with_namespace: 'gitlab/gitlab',
    default_branch: 'master',
  },
  commits: [
    {
      id: 'c5feabde2d8cd023215af4d2ceeb7a64839fc428',
      message: 'Add simple search to projects in public area\n\ncommit message body',
      title: 'Add simple search to projects in public area',
      timestamp: '2013-05-13T18:18:08+00:00',
      url: 'https://test.example.com/gitlab/gitlab/-/commit/c5feabde2d8cd023215af4d2ceeb7a64839fc428',
      author: { name: 'Test User', email: 'test@example.com' },
    },
  ],
  total_commits_count: 1,
  push_options: { ci: { skip: true } },
} as const;

/** GitLab's `Push::DEFAULT_TAG_NAME`: the tag a tag push test names when the repository has no tag (the mock models none). */
const DEFAULT_TAG_NAME = 'v1.0.0';

/**
 * A push test's sample (`Gitlab::DataBuilder::Push.build_sample`): GitLab's fixed sample for an
 * empty repository, else a push of the default branch's head (or of the tag `v1.0.0`, which has no
 * commit to check out) by the tester. GitLab sends the branch's last three commits; the mock
 * models branch heads, not commits, so the push goes from the head to itself and lists none.
 */
export function pushSamplePayload(world: World, project: Project, user: User, tag: boolean) {
  if (project.branches.size === 0) {
    return tag
      ? { ...PUSH_SAMPLE_DATA, object_kind: 'tag_push', event_name: 'tag_push', ref: `refs/tags/${DEFAULT_TAG_NAME}` }
      : PUSH_SAMPLE_DATA;
  }
  const head = project.branches.get(project.default_branch) ?? null;
  const ref = tag ? `refs/tags/${DEFAULT_TAG_NAME}` : `refs/heads/${project.default_branch}`;
  const attrs = projectHookAttrs(world, project);
  const type = tag ? 'tag_push' : 'push';
  return {
    object_kind: type,
    event_name: type,
    before: head,
    after: head,
    ref,
    // `project.protected_for?(ref)`: a tag is never a protected branch (protected tags are not modelled).
    ref_protected: !tag && protectionsOf(world, project, project.default_branch).length > 0,
    // `checkout_sha`: the tag's commit, `nil` for a tag the repository lacks; a branch's new head.
    checkout_sha: tag ? null : head,
    message: null,
    user_id: user.id,
    user_name: user.name,
    user_username: user.username,
    user_email: user.profile?.public_email ?? null,
    user_avatar: null,
    project_id: project.id,
    project: attrs,
    commits: [],
    total_commits_count: 0,
    push_options: {},
    repository: {
      ...repository(attrs),
      git_http_url: attrs.git_http_url,
      git_ssh_url: attrs.git_ssh_url,
      visibility_level: attrs.visibility_level,
    },
  };
}

/**
 * A group member event (`Gitlab::HookData::GroupMemberBuilder`, with EE's `group_plan`): the
 * membership's times, the group, the user, the role by name, and `event_name`.
 */
export function memberPayload(
  world: World,
  group: Group,
  user: User,
  role: Role,
  membership: { created_at: string; expires_at: string | null },
  event: keyof typeof MEMBER_EVENT_NAMES,
) {
  return {
    // Ruby's `xmlschema` (the builder's `timestamps_data`): to the second.
    created_at: toSeconds(membership.created_at),
    updated_at: toSeconds(event === 'update' ? nowIso(world) : membership.created_at),
    group_name: group.name,
    group_path: group.path,
    group_id: group.id,
    user_username: user.username,
    user_name: user.name,
    // `User#webhook_email`: never the user's private address.
    user_email: webhookEmail(user),
    user_id: user.id,
    group_access: ROLE_NAMES[role],
    expires_at: membership.expires_at === null ? null : `${membership.expires_at.slice(0, 10)}T00:00:00Z`,
    // EE adds the subscription's plan after the member's data (`super.tap`), which only GitLab.com has
    // (hosted worlds); the top group holds it.
    group_plan: world.instance.offering === 'hosted' ? groupPlan(world, group) : null,
    event_name: MEMBER_EVENT_NAMES[event],
  };
}

/**
 * A group event (`Gitlab::HookData::GroupBuilder`): its times, `event_name` (`group_create`,
 * `group_rename`, `group_destroy`), the group, and for a rename its path and full path before.
 */
export function groupPayload(
  group: Group,
  event: 'create' | 'rename' | 'destroy',
  updatedAt: string,
  oldPath?: string,
  oldFullPath?: string,
) {
  return {
    created_at: toSeconds(group.created_at),
    updated_at: toSeconds(updatedAt),
    event_name: `group_${event}`,
    name: group.name,
    path: group.path,
    full_path: group.full_path,
    group_id: group.id,
    ...(event === 'rename' && { old_path: oldPath, old_full_path: oldFullPath }),
  };
}

/** A subgroup event (`Gitlab::HookData::SubgroupBuilder`, `subgroup_create` or `subgroup_destroy`): the group's data, then its parent's. */
export function subgroupPayload(group: Group, parent: Group, event: 'create' | 'destroy') {
  return {
    created_at: toSeconds(group.created_at),
    updated_at: toSeconds(group.created_at),
    event_name: `subgroup_${event}`,
    name: group.name,
    path: group.path,
    full_path: group.full_path,
    group_id: group.id,
    parent_group_id: parent.id,
    parent_name: parent.name,
    parent_path: parent.path,
    parent_full_path: parent.full_path,
  };
}

/** What a merge request's `update` hook compares, GitLab's `changes` keys (labels, assignees and reviewers as hook attributes). */
function mergeRequestHookFields(
  world: World,
  project: Project,
  mr: MergeRequest,
  time: HookTime,
): Record<string, unknown> {
  return {
    description: mr.description ?? '',
    draft: isDraftTitle(mr.title),
    milestone_id: mr.milestone_id,
    target_branch: mr.target_branch,
    title: mr.title,
    labels: labelsOf(world, project, mr.labels, time),
    assignees: usersOf(world, mr.assignee_ids),
    reviewers: reviewersOf(world, mr),
  };
}

/** What an issue's `update` hook compares. */
function issueHookFields(world: World, project: Project, issue: Issue, time: HookTime): Record<string, unknown> {
  return {
    confidential: issue.confidential,
    description: issue.description ?? '',
    milestone_id: issue.milestone_id,
    title: issue.title,
    weight: issue.weight,
    labels: labelsOf(world, project, issue.labels, time),
    assignees: usersOf(world, issue.assignee_ids),
  };
}

/** The keys whose values differ, as `{ previous, current }` (compared as JSON). */
function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, current] of Object.entries(after)) {
    const previous = before[key];
    if (JSON.stringify(previous) !== JSON.stringify(current)) changes[key] = { previous, current };
  }
  return changes;
}

/**
 * An update's `changes`: what a hook shows that differs from the record before the change, and
 * then the `updated_at` it moved; `null` when nothing a hook shows changed (no hook is sent).
 */
function updateChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  previous: { updated_at: string },
  current: { updated_at: string },
  time: HookTime,
): Changes | null {
  const changes = changesBetween(before, after);
  if (Object.keys(changes).length === 0) return null;
  changes.updated_at = { previous: time(previous.updated_at), current: time(current.updated_at) };
  return changes;
}

/** GitLab's `state_id` of an issue or merge request (`Issuable::STATE_ID_MAP`, `MergeRequest` adds merged and locked). */
const STATE_IDS: Record<string, number> = { opened: 1, closed: 2, merged: 3, locked: 4 };

/** The columns of an issue a close or reopen hook reports in `changes` (`IssueBuilder.safe_hook_attributes` the mock keeps). */
const issueColumns = (issue: Issue, time: HookTime): Record<string, unknown> => ({
  title: issue.title,
  description: issue.description,
  confidential: issue.confidential,
  milestone_id: issue.milestone_id,
  closed_at: maybe(time, issue.closed_at),
  state_id: STATE_IDS[issue.state],
  updated_at: time(issue.updated_at),
});

/** The same for a merge request (`MergeRequestBuilder.safe_hook_attributes` the mock keeps). */
const mergeRequestColumns = (mr: MergeRequest, time: HookTime): Record<string, unknown> => ({
  title: mr.title,
  description: mr.description,
  milestone_id: mr.milestone_id,
  target_branch: mr.target_branch,
  state_id: STATE_IDS[mr.state],
  updated_at: time(mr.updated_at),
});

/**
 * A close or reopen, whose hook's `changes` are every column the request changed, from the record as the
 * request found it (`Issuable#to_hook_data` sends `reportable_changes`, the changes of every save since the
 * record was loaded, sliced to the builder's safe keys; app/models/concerns/reportable_changes.rb).
 */
const isStateChange = (action: string) => action === 'close' || action === 'reopen';

/**
 * A user event (`Gitlab::HookData::UserBuilder`): the record's times, `user_<event>` (`create`,
 * `rename`, `destroy`), the user, and for a rename the old username.
 */
export function userPayload(user: User, event: 'create' | 'rename' | 'destroy', oldUsername?: string) {
  return {
    created_at: toSeconds(user.created_at),
    updated_at: toSeconds(user.updated_at ?? user.created_at),
    event_name: `user_${event}`,
    name: user.name,
    email: user.email,
    user_id: user.id,
    username: user.username,
    ...(event === 'rename' ? { old_username: oldUsername } : {}),
  };
}

/** An SSH key event (`Gitlab::HookData::KeyBuilder`): `key_<event>`, the key's times, the key as stored, its id, the username. */
export function keyPayload(key: SshKey, user: User, event: 'create' | 'destroy') {
  return {
    event_name: `key_${event}`,
    created_at: toSeconds(key.created_at),
    updated_at: toSeconds(key.created_at),
    key: key.key,
    id: key.id,
    username: user.username,
  };
}

/**
 * A project event (`Gitlab::HookData::ProjectBuilder`, `project_<event>`): its times, name, paths,
 * ids, `owners` (the Owners of its group and the groups above, `all_owner_members`, or of a personal
 * project its Owner members and holder), visibility; with `deprecatedOwner` (system hooks:
 * `SystemHooksService#build_event_data`'s `include_deprecated_owner`) `owner_name`, the group's or
 * holder's name, and `owner_email`; for a rename or transfer the full path before. Emails are the
 * public ones (`webhook_email`), which the mock's users never set.
 */
export function projectEventPayload(
  world: World,
  project: Project,
  event: ProjectEvent,
  times: { updated_at: string; old_path_with_namespace?: string | undefined },
  deprecatedOwner: boolean,
) {
  const group = project.namespace.kind === 'group' ? world.groups.get(project.namespace.id) : undefined;
  const holder = project.namespace.kind === 'user' ? world.users.get(project.namespace.id) : undefined;
  const ownerIds: number[] = [];
  const sources = group ? groupChain(world, group) : [project];
  for (const source of sources) {
    for (const [id, role] of source.members) if (role === 50 && !ownerIds.includes(id)) ownerIds.push(id);
  }
  if (holder && !ownerIds.includes(holder.id)) ownerIds.push(holder.id);
  const owners = ownerIds.flatMap((id) => {
    const user = world.users.get(id);
    return user ? [{ name: user.name, email: webhookEmail(user) }] : [];
  });
  return {
    event_name: `project_${event}`,
    created_at: toSeconds(project.created_at),
    updated_at: toSeconds(times.updated_at),
    name: project.name,
    path: project.path,
    path_with_namespace: project.path_with_namespace,
    project_id: project.id,
    project_namespace_id: group ? group.id : holder ? personalNamespaceId(holder) : project.namespace.id,
    owners,
    project_visibility: project.visibility,
    // A group's name and no email (a group has no `webhook_email`), or the holder's.
    ...(deprecatedOwner && {
      owner_name: group ? group.name : (holder?.name ?? null),
      owner_email: group ? '' : holder ? webhookEmail(holder) : '[REDACTED]',
    }),
    ...((event === 'rename' || event === 'transfer') && { old_path_with_namespace: times.old_path_with_namespace }),
  };
}

/**
 * A project member event (`Gitlab::HookData::ProjectMemberBuilder`: `user_add_to_team`,
 * `user_update_for_team`, `user_remove_from_team`): the membership's times (an update's is now),
 * the project, the user, the role by name, the project's visibility, `event_name`.
 */
export function projectMemberPayload(
  world: World,
  project: Project,
  user: User,
  role: Role,
  membership: { created_at: string; expires_at: string | null },
  event: keyof typeof PROJECT_MEMBER_EVENT_NAMES,
) {
  return {
    created_at: toSeconds(membership.created_at),
    updated_at: toSeconds(event === 'update' ? nowIso(world) : membership.created_at),
    project_name: project.name,
    project_path: project.path,
    project_path_with_namespace: project.path_with_namespace,
    project_id: project.id,
    user_username: user.username,
    user_name: user.name,
    user_email: webhookEmail(user),
    user_id: user.id,
    access_level: ROLE_NAMES[role],
    project_visibility: project.visibility,
    event_name: PROJECT_MEMBER_EVENT_NAMES[event],
  };
}

/** GitLab's sample system event (`API::SystemHooks`'s test data). */
export const SYSTEM_HOOK_TEST_DATA = {
  event_name: 'project_create',
  name: 'Ruby',
  path: 'ruby',
  project_id: 1,
  owner_name: 'Someone',
  owner_email: 'example@gitlabhq.com',
};

/**
 * The payload of an event, as GitLab's data builder makes it from what the event says happened;
 * `null` for an update that changes nothing a hook shows (the dispatcher then sends nothing).
 */
export function payloadOf(world: World, event: WebhookEvent, time: HookTime): object | null {
  const subject = event.subject;
  switch (subject.type) {
    case 'merge_request': {
      const { project, mr, previous } = subject;
      const changes = !previous
        ? {}
        : isStateChange(subject.action)
          ? changesBetween(mergeRequestColumns(previous, time), mergeRequestColumns(mr, time))
          : updateChanges(
              mergeRequestHookFields(world, project, previous, time),
              mergeRequestHookFields(world, project, mr, time),
              previous,
              mr,
              time,
            );
      return changes && mergeRequestPayload(world, project, mr, subject.user, subject.action, time, changes, subject);
    }
    case 'issue': {
      const { project, issue, previous } = subject;
      const changes = !previous
        ? {}
        : isStateChange(subject.action)
          ? changesBetween(issueColumns(previous, time), issueColumns(issue, time))
          : updateChanges(
              issueHookFields(world, project, previous, time),
              issueHookFields(world, project, issue, time),
              previous,
              issue,
              time,
            );
      return changes && issuePayload(world, project, issue, subject.user, subject.action, time, changes);
    }
    case 'milestone':
      return milestonePayload(world, subject.milestone, subject.action, time);
    case 'member':
      return memberPayload(world, subject.group, subject.user, subject.role, subject.membership, subject.event);
    case 'resource_access_token':
      return accessTokenPayload(world, subject.token, subject.resource, time, subject.interval);
    case 'push':
      return pushSamplePayload(world, subject.project, subject.user, subject.tag);
    case 'group':
      return groupPayload(subject.group, subject.event, subject.updated_at, subject.old_path, subject.old_full_path);
    case 'subgroup':
      return subgroupPayload(subject.group, subject.parent, subject.event);
    case 'system':
      return SYSTEM_HOOK_TEST_DATA;
    case 'project_system':
      return projectEventPayload(world, subject.project, subject.event, subject, event.kind === 'system');
    case 'project_member':
      return projectMemberPayload(
        world,
        subject.project,
        subject.user,
        subject.role,
        subject.membership,
        subject.event,
      );
    case 'user':
      return userPayload(subject.user, subject.event, subject.oldUsername);
    case 'key':
      return keyPayload(subject.key, subject.user, subject.event);
  }
}
