import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/**
 * The payloads GitLab's webhooks send, as a receiver gets them: merge request, issue, milestone,
 * project and group access token, group member, project and subgroup events, and the system hooks'
 * events (users, SSH keys, groups, projects and their members). Written from GitLab's "Webhook events"
 * and "System hooks" pages and its data builders (`Gitlab::DataBuilder::Issuable`, `Gitlab::HookData::MergeRequestBuilder`,
 * `IssueBuilder`, `Gitlab::DataBuilder::Milestone`, `ResourceAccessToken`, `GroupMemberBuilder`,
 * `ProjectBuilder`, `ProjectMemberBuilder`, `GroupBuilder`, `SubgroupBuilder`, `UserBuilder`, `KeyBuilder`).
 * Objects are loose: the keys GitLab adds across versions pass and are kept. Fields that only some
 * GitLab versions send, or that GitLab leaves out in some events, are optional.
 * @module
 */

/** The headers GitLab sends with every webhook request (`WebHookService#build_headers`). */
export const WebhookHeader = {
  /** `X-Gitlab-Event`: which kind of event, such as `Merge Request Hook` (see {@link WebhookEventName}). */
  Event: 'X-Gitlab-Event',
  /** `X-Gitlab-Token`: the hook's secret token, sent only when the hook has one. */
  Token: 'X-Gitlab-Token',
  /** `X-Gitlab-Event-UUID`: the event's id, shared by the hooks one action triggers. */
  EventUuid: 'X-Gitlab-Event-UUID',
  /** `X-Gitlab-Webhook-UUID`: this request's own id (GitLab 16.2 and later). */
  WebhookUuid: 'X-Gitlab-Webhook-UUID',
  /** `X-Gitlab-Instance`: the base URL of the GitLab that sent it. */
  Instance: 'X-Gitlab-Instance',
  /** `Idempotency-Key`: the same on every retry of one delivery (GitLab 17.4 and later). */
  IdempotencyKey: 'Idempotency-Key',
  /** `User-Agent`: `GitLab/<version>`. */
  UserAgent: 'User-Agent',
} as const;
/** One of the header names of {@link WebhookHeader}. */
export type WebhookHeader = (typeof WebhookHeader)[keyof typeof WebhookHeader];

/**
 * The `X-Gitlab-Event` values of the events the SDK models: the hook's trigger, singular and
 * titleized (`merge_requests_events` → `Merge Request Hook`); every event of a system hook
 * arrives as `System Hook`.
 */
export const WebhookEventName = {
  /** A merge request event ({@link MergeRequestWebhook}). */
  MergeRequest: 'Merge Request Hook',
  /** An issue event ({@link IssueWebhook}). */
  Issue: 'Issue Hook',
  /** An event of a confidential issue ({@link IssueWebhook} with `event_type: 'confidential_issue'`). */
  ConfidentialIssue: 'Confidential Issue Hook',
  /** A milestone event ({@link MilestoneWebhook}). */
  Milestone: 'Milestone Hook',
  /** A project or group access token about to expire ({@link AccessTokenWebhook}). */
  ResourceAccessToken: 'Resource Access Token Hook',
  /** A group member event ({@link GroupMemberWebhook}; group hooks only). */
  Member: 'Member Hook',
  /** A project created or destroyed in the group ({@link ProjectWebhook}; group hooks with `project_events`). */
  Project: 'Project Hook',
  /** A subgroup created or destroyed ({@link SubgroupWebhook}; group hooks with `subgroup_events`). */
  Subgroup: 'Subgroup Hook',
  /** Any event of a system hook. */
  System: 'System Hook',
} as const;
/** One of the `X-Gitlab-Event` values of {@link WebhookEventName}. */
export type WebhookEventName = (typeof WebhookEventName)[keyof typeof WebhookEventName];

/** The user who did what the event tells (`User#hook_attrs`). */
export const WebhookUser = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The user's id (the documented issue example's assignees leave it out). */
    id: z.optional(z.int()),
    /** The display name. */
    name: z.string(),
    /** The username, as in `@username`. */
    username: z.string(),
    /** The avatar's URL, or `null`. */
    avatar_url: z.nullable(z.string()),
    /** The user's public email, or `[REDACTED]` when they have none (absent from assignees and reviewers in older versions). */
    email: z.optional(z.string()),
  }),
);
/**
 * A user in a webhook payload.
 * @interface
 */
export type WebhookUser = z.infer<typeof WebhookUser>;

/** A group as webhooks show it (`Group#hook_attrs`): a group token's, a group milestone's. */
export const WebhookGroup = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The group's name. */
    group_name: z.string(),
    /** The group's path. */
    group_path: z.string(),
    /** The group's id. */
    group_id: z.int(),
    /** The group's full path (GitLab 17.4 and later). */
    full_path: z.optional(z.string()),
  }),
);
/**
 * A group in a webhook payload.
 * @interface
 */
export type WebhookGroup = z.infer<typeof WebhookGroup>;

/** A reviewer of a merge request, with their review (`Issuable#reviewers_hook_attrs`). */
export const WebhookReviewer = /* @__PURE__ */ lazySchema(() =>
  z.extend(WebhookUser, {
    /**
     * Their review: `unreviewed`, `review_started`, `reviewed`, `requested_changes`, `approved` or
     * `unapproved` (GitLab 18.6 and later).
     */
    state: z.optional(z.string()),
    /** Their review was requested again by this event (GitLab 18.6 and later). */
    re_requested: z.optional(z.boolean()),
  }),
);
/**
 * A merge request's reviewer in a webhook payload.
 * @interface
 */
export type WebhookReviewer = z.infer<typeof WebhookReviewer>;

/**
 * One of a merge request's own approval rules in its events (`ApprovalMergeRequestRule#hook_attrs`; GitLab
 * Premium and Ultimate). The approvers are not in it.
 */
export const WebhookApprovalRule = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The rule's id. */
    id: z.int(),
    /** Approvals it needs. */
    approvals_required: z.int(),
    /** Its name (`All Members` for the rule that lets any member approve, as the web page names it). */
    name: z.string(),
    /** `regular`, `any_approver`, `code_owner` or `report_approver`. */
    rule_type: z.string(),
    /** A report rule's report (`license_scanning`, `code_coverage`...), or `null`. */
    report_type: z.optional(z.nullable(z.string())),
    /** The merge request's id. */
    merge_request_id: z.optional(z.int()),
    /** A code owner rule's CODEOWNERS section, or `null`. */
    section: z.optional(z.nullable(z.string())),
    /** Copied from a project rule and changed since. */
    modified_from_project_rule: z.optional(z.boolean()),
    /** A security policy rule's index in its policy, or `null`. */
    orchestration_policy_idx: z.optional(z.nullable(z.int())),
    /** A security policy rule's allowance of vulnerabilities; `0` for other rules. */
    vulnerabilities_allowed: z.optional(z.int()),
    /** A security policy rule's scanners; `[]` for other rules. */
    scanners: z.optional(z.array(z.string())),
    /** A security policy rule's severity levels; `[]` for other rules. */
    severity_levels: z.optional(z.array(z.string())),
    /** A security policy rule's vulnerability states (`new_needs_triage`, `new_dismissed` by default). */
    vulnerability_states: z.optional(z.array(z.string())),
    /** The security policy configuration a policy rule comes from, or `null`. */
    security_orchestration_policy_configuration_id: z.optional(z.nullable(z.int())),
    /** The scan result policy a policy rule comes from, or `null`. */
    scan_result_policy_id: z.optional(z.nullable(z.int())),
    /** A policy rule that applies after the merge too, or `null`. */
    applicable_post_merge: z.optional(z.nullable(z.boolean())),
    /** The project's id. */
    project_id: z.optional(z.nullable(z.int())),
    /** The approval policy rule a policy rule comes from, or `null`. */
    approval_policy_rule_id: z.optional(z.nullable(z.int())),
    /** When it last changed (`2026-01-16 05:56:22 UTC`). */
    updated_at: z.optional(z.string()),
    /** When it was made. */
    created_at: z.optional(z.string()),
  }),
);
/**
 * An approval rule in a merge request event.
 * @interface
 */
export type WebhookApprovalRule = z.infer<typeof WebhookApprovalRule>;

/** A project as webhooks show it (`Project#hook_attrs`): a merge request's `source` and `target`. */
export const WebhookProjectAttributes = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The project's id (left out of a merge request's `source` and `target` in GitLab's example). */
    id: z.optional(z.int()),
    /** The project's name. */
    name: z.string(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** The project's page. */
    web_url: z.string(),
    /** The avatar's URL, or `null`. */
    avatar_url: z.nullable(z.string()),
    /** The SSH clone URL. */
    git_ssh_url: z.string(),
    /** The HTTP clone URL. */
    git_http_url: z.string(),
    /** The namespace's name (not its path). */
    namespace: z.string(),
    /** 0 private, 10 internal, 20 public. */
    visibility_level: z.int(),
    /** The full path, such as `acme/api`. */
    path_with_namespace: z.string(),
    /** The default branch, or `null` for an empty repository. */
    default_branch: z.nullable(z.string()),
    /** The CI configuration path, `''` or `null` for the default. */
    ci_config_path: z.optional(z.nullable(z.string())),
    /** The project's page (deprecated: `web_url`). */
    homepage: z.optional(z.string()),
    /** The clone URL (deprecated). */
    url: z.optional(z.string()),
    /** The SSH clone URL (deprecated: `git_ssh_url`). */
    ssh_url: z.optional(z.string()),
    /** The HTTP clone URL (deprecated: `git_http_url`). */
    http_url: z.optional(z.string()),
  }),
);
/**
 * A project as webhooks show it.
 * @interface
 */
export type WebhookProjectAttributes = z.infer<typeof WebhookProjectAttributes>;

/** The project an event happened in (`Project#hook_attrs`, with its id). */
export const WebhookProject = /* @__PURE__ */ lazySchema(() =>
  z.extend(WebhookProjectAttributes, {
    /** The project's id. */
    id: z.int(),
  }),
);
/**
 * The project of a webhook event.
 * @interface
 */
export type WebhookProject = z.infer<typeof WebhookProject>;

/** The project's repository (deprecated by GitLab, still sent: part of the project's hook attributes). */
export const WebhookRepository = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The project's name. */
    name: z.string(),
    /** The clone URL. */
    url: z.string(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** The project's page. */
    homepage: z.string(),
  }),
);
/**
 * The repository of a webhook event.
 * @interface
 */
export type WebhookRepository = z.infer<typeof WebhookRepository>;

/** A label as webhooks show it (`Label#hook_attrs`). */
export const WebhookLabel = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The label's id. */
    id: z.int(),
    /** The label's name. */
    title: z.string(),
    /** Its colour, such as `#ffffff`. */
    color: z.string(),
    /** The project of a project label, `null` for a group label. */
    project_id: z.nullable(z.int()),
    /** When it was created. */
    created_at: z.string(),
    /** When it was last changed. */
    updated_at: z.string(),
    /** A template label. */
    template: z.boolean(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** `ProjectLabel` or `GroupLabel`. */
    type: z.string(),
    /** The group of a group label, or `null`. */
    group_id: z.nullable(z.int()),
  }),
);
/**
 * A label in a webhook payload.
 * @interface
 */
export type WebhookLabel = z.infer<typeof WebhookLabel>;

/** One changed attribute: its value before and after. */
export const WebhookChange = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The value before the change (`null` when it had none). */
    previous: z.unknown(),
    /** The value after the change. */
    current: z.unknown(),
  }),
);
/**
 * One changed attribute of a webhook event.
 * @interface
 */
export type WebhookChange = z.infer<typeof WebhookChange>;

/**
 * What an update changed, attribute by attribute (`{ title: { previous, current } }`); `labels`
 * holds lists of {@link WebhookLabel}. Empty when nothing GitLab shows changed: GitLab says a
 * receiver should look here rather than trust the action alone.
 */
export const WebhookChanges = /* @__PURE__ */ lazySchema(() => z.record(z.string(), WebhookChange));
/** What an update changed, attribute by attribute. */
export type WebhookChanges = z.infer<typeof WebhookChanges>;

/** A commit as webhooks show it (`Commit#hook_attrs`): a merge request's `last_commit`. */
export const WebhookCommit = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The commit's SHA. */
    id: z.string(),
    /** The whole message. */
    message: z.string(),
    /** The message's first line. */
    title: z.string(),
    /** When it was authored (ISO 8601). */
    timestamp: z.string(),
    /** The commit's page. */
    url: z.string(),
    /** The author as git recorded them. */
    author: z.looseObject({
      /** The author's name. */
      name: z.string(),
      /** The author's email (`[REDACTED]` when it is not public). */
      email: z.string(),
    }),
  }),
);
/**
 * A commit in a webhook payload.
 * @interface
 */
export type WebhookCommit = z.infer<typeof WebhookCommit>;

/** The `object_attributes.action` values of a merge request event. */
export const MergeRequestWebhookAction = /* @__PURE__ */ lazySchema(() =>
  z.literal(['open', 'close', 'reopen', 'update', 'approved', 'unapproved', 'approval', 'unapproval', 'merge']),
);
/**
 * What happened to the merge request: `approved` and `unapproved` when it becomes (or stops being)
 * approved by all required approvers, `approval` and `unapproval` for each user's own approval.
 */
export type MergeRequestWebhookAction = z.infer<typeof MergeRequestWebhookAction>;

/** The merge request of a merge request event (`Gitlab::HookData::MergeRequestBuilder`). */
export const MergeRequestWebhookAttributes = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The merge request's id. */
    id: z.int(),
    /** Its number in the target project. */
    iid: z.int(),
    /** The branch it merges into. */
    target_branch: z.string(),
    /** The branch it merges from. */
    source_branch: z.string(),
    /** The source project, `null` once a fork is deleted. */
    source_project_id: z.nullable(z.int()),
    /** The author's id. */
    author_id: z.int(),
    /** The assignees' ids. */
    assignee_ids: z.array(z.int()),
    /** The first assignee's id, or `null` (deprecated: `assignee_ids`). */
    assignee_id: z.optional(z.nullable(z.int())),
    /** The reviewers' ids (GitLab 13.8 and later). */
    reviewer_ids: z.optional(z.array(z.int())),
    /** The title. */
    title: z.string(),
    /** When it was created. */
    created_at: z.string(),
    /** When it was last changed. */
    updated_at: z.string(),
    /** Who changed it last, or `null`. */
    updated_by_id: z.optional(z.nullable(z.int())),
    /** When its title or description was last edited, or `null`. */
    last_edited_at: z.optional(z.nullable(z.string())),
    /** Who edited its title or description last, or `null`. */
    last_edited_by_id: z.optional(z.nullable(z.int())),
    /** Its milestone's id, or `null`. */
    milestone_id: z.nullable(z.int()),
    /** 1 opened, 2 closed, 3 merged, 4 locked. */
    state_id: z.optional(z.int()),
    /** `opened`, `closed`, `merged` or `locked`. */
    state: z.string(),
    /** The system caused the event (an approval reset by a push); `false` otherwise (GitLab 18.5 and later). */
    system: z.optional(z.boolean()),
    /** Every thread that blocks merging is resolved. */
    blocking_discussions_resolved: z.optional(z.boolean()),
    /** A draft (deprecated: `draft`). */
    work_in_progress: z.boolean(),
    /** A draft (GitLab 14.0 and later). */
    draft: z.optional(z.boolean()),
    /** The author's first contribution to the project. */
    first_contribution: z.optional(z.boolean()),
    /** `unchecked`, `can_be_merged`, `cannot_be_merged`... (deprecated: `detailed_merge_status`). */
    merge_status: z.string(),
    /** Why it can or cannot be merged, such as `mergeable` or `not_approved` (GitLab 15.6 and later). */
    detailed_merge_status: z.optional(z.string()),
    /** The project it merges into. */
    target_project_id: z.int(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** When GitLab finished preparing its diff, or `null` (GitLab 16.6 and later). */
    prepared_at: z.optional(z.nullable(z.string())),
    /** The merge commit's SHA once merged, or `null`. */
    merge_commit_sha: z.optional(z.nullable(z.string())),
    /** Who merged it, or `null`. */
    merge_user_id: z.optional(z.nullable(z.int())),
    /** Set to merge when the pipeline succeeds. */
    merge_when_pipeline_succeeds: z.optional(z.boolean()),
    /** The head pipeline's id, or `null`. */
    head_pipeline_id: z.optional(z.nullable(z.int())),
    /** The time estimate, in seconds. */
    time_estimate: z.optional(z.int()),
    /** The time spent, in seconds. */
    total_time_spent: z.int(),
    /** The time this change added, in seconds. */
    time_change: z.optional(z.int()),
    /** The time spent, readable (`30m`), or `null`. */
    human_total_time_spent: z.nullable(z.string()),
    /** The time this change added, readable, or `null`. */
    human_time_change: z.optional(z.nullable(z.string())),
    /** The time estimate, readable, or `null`. */
    human_time_estimate: z.nullable(z.string()),
    /** The merge request's page. */
    url: z.string(),
    /** The source project, `null` once a fork is deleted. */
    source: z.nullable(WebhookProjectAttributes),
    /** The target project. */
    target: WebhookProjectAttributes,
    /** The source branch's head commit, or `null`. */
    last_commit: z.optional(z.nullable(WebhookCommit)),
    /** Its labels. */
    labels: z.optional(z.array(WebhookLabel)),
    /** Its own approval rules, `[]` without any (GitLab Premium and Ultimate). */
    approval_rules: z.optional(z.array(WebhookApprovalRule)),
    /** The SHA before a push changed the code; only when code changed. */
    oldrev: z.optional(z.string()),
    /** What happened; absent from the events of GitLab's "Test" button. */
    action: z.optional(MergeRequestWebhookAction),
    /** Why the system caused the event: `approvals_reset_on_push`, `code_owner_approvals_reset_on_push` (GitLab 18.5 and later). */
    system_action: z.optional(z.string()),
  }),
);
/**
 * The merge request of a merge request event.
 * @interface
 */
export type MergeRequestWebhookAttributes = z.infer<typeof MergeRequestWebhookAttributes>;

/** A merge request event: opened, updated, approved, unapproved, merged, closed or reopened (`X-Gitlab-Event: Merge Request Hook`). */
export const MergeRequestWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Always `merge_request`. */
    object_kind: z.literal('merge_request'),
    /** Always `merge_request`. */
    event_type: z.literal('merge_request'),
    /** Who did it. */
    user: WebhookUser,
    /** The target project. */
    project: WebhookProject,
    /** The merge request, and the `action`. */
    object_attributes: MergeRequestWebhookAttributes,
    /** Its labels. */
    labels: z.array(WebhookLabel),
    /** What this update changed. */
    changes: WebhookChanges,
    /** The target project's repository (deprecated). */
    repository: WebhookRepository,
    /** Its assignees; only when it has some. */
    assignees: z.optional(z.array(WebhookUser)),
    /** Its reviewers, with their review; only when it has some. */
    reviewers: z.optional(z.array(WebhookReviewer)),
  }),
);
/**
 * A merge request event.
 * @interface
 */
export type MergeRequestWebhook = z.infer<typeof MergeRequestWebhook>;

/** The `object_attributes.action` values of an issue event. */
export const IssueWebhookAction = /* @__PURE__ */ lazySchema(() => z.literal(['open', 'close', 'reopen', 'update']));
/** What happened to the issue. */
export type IssueWebhookAction = z.infer<typeof IssueWebhookAction>;

/** The issue of an issue event (`Gitlab::HookData::IssueBuilder`). */
export const IssueWebhookAttributes = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The issue's id. */
    id: z.int(),
    /** Its number in the project. */
    iid: z.int(),
    /** The title. */
    title: z.string(),
    /** The assignees' ids. */
    assignee_ids: z.array(z.int()),
    /** The first assignee's id, or `null` (deprecated: `assignee_ids`). */
    assignee_id: z.optional(z.nullable(z.int())),
    /** The author's id. */
    author_id: z.int(),
    /** The project's id. */
    project_id: z.int(),
    /** When it was created. */
    created_at: z.string(),
    /** When it was last changed. */
    updated_at: z.string(),
    /** Who changed it last, or `null`. */
    updated_by_id: z.optional(z.nullable(z.int())),
    /** When it was closed, or `null`. */
    closed_at: z.optional(z.nullable(z.string())),
    /** When its title or description was last edited, or `null`. */
    last_edited_at: z.optional(z.nullable(z.string())),
    /** Who edited its title or description last, or `null`. */
    last_edited_by_id: z.optional(z.nullable(z.int())),
    /** Its place on boards, or `null`. */
    relative_position: z.optional(z.nullable(z.number())),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** Its milestone's id, or `null`. */
    milestone_id: z.nullable(z.int()),
    /** 1 opened, 2 closed. */
    state_id: z.optional(z.int()),
    /** Confidential: its events go to `Confidential Issue Hook`s only. */
    confidential: z.boolean(),
    /** Its discussion is locked, or `null`. */
    discussion_locked: z.optional(z.nullable(z.boolean())),
    /** Its due date (`YYYY-MM-DD`), or `null`. */
    due_date: z.nullable(z.string()),
    /** The issue it was moved to, or `null`. */
    moved_to_id: z.optional(z.nullable(z.int())),
    /** The issue it duplicates, or `null`. */
    duplicated_to_id: z.optional(z.nullable(z.int())),
    /** The time estimate, in seconds. */
    time_estimate: z.int(),
    /** The time spent, in seconds. */
    total_time_spent: z.int(),
    /** The time this change added, in seconds. */
    time_change: z.optional(z.int()),
    /** The time spent, readable, or `null`. */
    human_total_time_spent: z.nullable(z.string()),
    /** The time this change added, readable, or `null`. */
    human_time_change: z.optional(z.nullable(z.string())),
    /** The time estimate, readable, or `null`. */
    human_time_estimate: z.nullable(z.string()),
    /** Its weight, or `null` (Premium). */
    weight: z.optional(z.nullable(z.int())),
    /** `on_track`, `needs_attention`, `at_risk`, or `null` (Ultimate). */
    health_status: z.optional(z.nullable(z.string())),
    /** The work item type: `Issue`, `Incident`... (GitLab 17.2 and later). */
    type: z.optional(z.string()),
    /** The issue's page. */
    url: z.string(),
    /** `opened` or `closed`. */
    state: z.string(),
    /** What happened; absent from the events of GitLab's "Test" button. */
    action: z.optional(IssueWebhookAction),
    /** Its labels. */
    labels: z.optional(z.array(WebhookLabel)),
  }),
);
/**
 * The issue of an issue event.
 * @interface
 */
export type IssueWebhookAttributes = z.infer<typeof IssueWebhookAttributes>;

/** An issue event: opened, updated, closed or reopened (`X-Gitlab-Event: Issue Hook` or `Confidential Issue Hook`). */
export const IssueWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Always `issue` (other work items send `work_item`). */
    object_kind: z.literal('issue'),
    /** `issue`, or `confidential_issue` for a confidential issue. */
    event_type: z.literal(['issue', 'confidential_issue']),
    /** Who did it. */
    user: WebhookUser,
    /** The issue's project. */
    project: WebhookProject,
    /** The issue, and the `action`. */
    object_attributes: IssueWebhookAttributes,
    /** Its labels. */
    labels: z.array(WebhookLabel),
    /** What this update changed. */
    changes: WebhookChanges,
    /** The project's repository (deprecated). */
    repository: WebhookRepository,
    /** Its assignees; only when it has some. */
    assignees: z.optional(z.array(WebhookUser)),
    /** Its first assignee (deprecated: `assignees`). */
    assignee: z.optional(z.nullable(WebhookUser)),
  }),
);
/**
 * An issue event.
 * @interface
 */
export type IssueWebhook = z.infer<typeof IssueWebhook>;

/** The `action` values of a milestone event. */
export const MilestoneWebhookAction = /* @__PURE__ */ lazySchema(() =>
  z.literal(['create', 'close', 'reopen', 'delete']),
);
/** What happened to the milestone. */
export type MilestoneWebhookAction = z.infer<typeof MilestoneWebhookAction>;

/** The milestone of a milestone event (`Milestone#hook_attrs`). */
export const MilestoneWebhookAttributes = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The milestone's id. */
    id: z.int(),
    /** Its number in the project or group. */
    iid: z.int(),
    /** The title. */
    title: z.string(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** `active` or `closed`. */
    state: z.string(),
    /** When it was created. */
    created_at: z.string(),
    /** When it was last changed. */
    updated_at: z.string(),
    /** Its due date (`YYYY-MM-DD`), or `null`. */
    due_date: z.nullable(z.string()),
    /** Its start date (`YYYY-MM-DD`), or `null`. */
    start_date: z.nullable(z.string()),
    /** The project of a project milestone, or `null`. */
    project_id: z.nullable(z.int()),
    /**
     * The group of a group milestone, or `null`. Enterprise Edition's `MilestoneBuilder` appends it;
     * the Community Edition's does not send it: optional.
     */
    group_id: z.optional(z.nullable(z.int())),
  }),
);
/**
 * The milestone of a milestone event.
 * @interface
 */
export type MilestoneWebhookAttributes = z.infer<typeof MilestoneWebhookAttributes>;

/** A milestone event: created, closed, reopened or deleted (`X-Gitlab-Event: Milestone Hook`; GitLab 18.2 and later). */
export const MilestoneWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Always `milestone`. */
    object_kind: z.literal('milestone'),
    /** Always `milestone`. */
    event_type: z.literal('milestone'),
    /** The milestone's project (`null` for a group milestone). */
    project: z.nullable(WebhookProject),
    /** The milestone's group (`null` for a project milestone); absent before group milestones had events. */
    group: z.optional(z.nullable(WebhookGroup)),
    /** The milestone. */
    object_attributes: MilestoneWebhookAttributes,
    /** What happened: at the top level, not in `object_attributes` (GitLab's data builder and example). */
    action: MilestoneWebhookAction,
  }),
);
/**
 * A milestone event.
 * @interface
 */
export type MilestoneWebhook = z.infer<typeof MilestoneWebhook>;

/** The token of an access token event (`PersonalAccessToken#hook_attrs`). */
export const AccessTokenWebhookAttributes = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The token's bot user. */
    user_id: z.int(),
    /** When it was created. */
    created_at: z.string(),
    /** The token's id. */
    id: z.int(),
    /** The token's name. */
    name: z.string(),
    /** When it expires (`YYYY-MM-DD`). */
    expires_at: z.string(),
  }),
);
/**
 * The token of an access token event.
 * @interface
 */
export type AccessTokenWebhookAttributes = z.infer<typeof AccessTokenWebhookAttributes>;

/** A project access token will expire (`X-Gitlab-Event: Resource Access Token Hook`). */
export const ProjectAccessTokenWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Always `access_token`. */
    object_kind: z.literal('access_token'),
    /** The token's project. */
    project: WebhookProject,
    /** Never sent with `project` (so that `group` narrows {@link AccessTokenWebhook}). */
    group: z.optional(z.undefined()),
    /** The token. */
    object_attributes: AccessTokenWebhookAttributes,
    /** Always `expiring_access_token`. */
    event_name: z.literal('expiring_access_token'),
    /**
     * The notification's window: `seven_days`, `thirty_days` or `sixty_days` before expiry (the expiring
     * worker's `interval`; absent from older GitLab versions).
     */
    interval: z.optional(z.string()),
  }),
);
/**
 * A project access token will expire.
 * @interface
 */
export type ProjectAccessTokenWebhook = z.infer<typeof ProjectAccessTokenWebhook>;

/** A group access token will expire (`X-Gitlab-Event: Resource Access Token Hook`). */
export const GroupAccessTokenWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Always `access_token`. */
    object_kind: z.literal('access_token'),
    /** Never sent with `group` (so that `project` narrows {@link AccessTokenWebhook}). */
    project: z.optional(z.undefined()),
    /** The token's group. */
    group: WebhookGroup,
    /** The token. */
    object_attributes: AccessTokenWebhookAttributes,
    /** Always `expiring_access_token`. */
    event_name: z.literal('expiring_access_token'),
    /**
     * The notification's window: `seven_days`, `thirty_days` or `sixty_days` before expiry (the expiring
     * worker's `interval`; absent from older GitLab versions).
     */
    interval: z.optional(z.string()),
  }),
);
/**
 * A group access token will expire.
 * @interface
 */
export type GroupAccessTokenWebhook = z.infer<typeof GroupAccessTokenWebhook>;

/**
 * A project or group access token will expire (GitLab's daily worker, at 01:00 UTC: once within seven
 * days of expiry, and once 30 and 60 days before where the project's or group's setting enables it;
 * `interval` names which). The project's events carry `project`, the group's `group`: narrow on
 * `payload.group !== undefined`.
 */
export const AccessTokenWebhook = /* @__PURE__ */ lazySchema(() =>
  z.union([ProjectAccessTokenWebhook, GroupAccessTokenWebhook]),
);
/** A project or group access token will expire. */
export type AccessTokenWebhook = z.infer<typeof AccessTokenWebhook>;

/** The `event_name` values of a group member event. */
export const GroupMemberWebhookEventName = /* @__PURE__ */ lazySchema(() =>
  z.literal([
    'user_add_to_group',
    'user_update_for_group',
    'user_remove_from_group',
    'user_access_request_to_group',
    'user_access_request_denied_for_group',
  ]),
);
/** What happened to the membership: added, role or expiry changed, removed, access requested or denied. */
export type GroupMemberWebhookEventName = z.infer<typeof GroupMemberWebhookEventName>;

/**
 * A group member event (`X-Gitlab-Event: Member Hook`; group hooks only, Premium). It has no
 * `object_kind`: `event_name` says what happened.
 */
export const GroupMemberWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent: member events have no `object_kind` (so that `object_kind` narrows {@link WebhookPayload}). */
    object_kind: z.optional(z.undefined()),
    /** When the membership was created. */
    created_at: z.string(),
    /** When it was last changed. */
    updated_at: z.string(),
    /** The group's name. */
    group_name: z.string(),
    /** The group's path. */
    group_path: z.string(),
    /** The group's id. */
    group_id: z.int(),
    /** The member's username. */
    user_username: z.string(),
    /** The member's name. */
    user_name: z.string(),
    /** The member's email. */
    user_email: z.string(),
    /** The member's id. */
    user_id: z.int(),
    /** The member's role by name: `Guest`, `Reporter`, `Developer`, `Maintainer`, `Owner`... */
    group_access: z.string(),
    /** The group's plan, or `null` (sent by GitLab's Enterprise Edition). */
    group_plan: z.optional(z.nullable(z.string())),
    /** When the membership expires (ISO 8601), or `null`. */
    expires_at: z.nullable(z.string()),
    /** What happened. */
    event_name: GroupMemberWebhookEventName,
  }),
);
/**
 * A group member event.
 * @interface
 */
export type GroupMemberWebhook = z.infer<typeof GroupMemberWebhook>;

/**
 * Every payload the SDK models. Narrow on `object_kind` (`merge_request`, `issue`, `milestone`,
 * `access_token`); a group member event has none (`undefined`), and its `event_name` says what happened.
 */
export const WebhookPayload = /* @__PURE__ */ lazySchema(() =>
  z.union([
    MergeRequestWebhook,
    IssueWebhook,
    MilestoneWebhook,
    ProjectAccessTokenWebhook,
    GroupAccessTokenWebhook,
    GroupMemberWebhook,
  ]),
);
/** Every payload the SDK models, narrowed by `object_kind`. */
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** The `event_name` values of a project event (`Gitlab::HookData::ProjectBuilder`). */
export const ProjectWebhookEventName = /* @__PURE__ */ lazySchema(() =>
  z.literal(['project_create', 'project_update', 'project_rename', 'project_transfer', 'project_destroy']),
);
/** What happened to the project: created, updated (settings, archived), renamed (path), transferred or destroyed. */
export type ProjectWebhookEventName = z.infer<typeof ProjectWebhookEventName>;

/** An Owner of the project, as a project event lists them. */
export const ProjectWebhookOwner = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The Owner's name. */
    name: z.string(),
    /** The Owner's public email, or `[REDACTED]` when they have none. */
    email: z.string(),
  }),
);
/**
 * An Owner in a project event.
 * @interface
 */
export type ProjectWebhookOwner = z.infer<typeof ProjectWebhookOwner>;

/**
 * A project event (`Gitlab::HookData::ProjectBuilder`): to system hooks every one of
 * {@link ProjectWebhookEventName} (`X-Gitlab-Event: System Hook`, with `owner_name` and `owner_email`);
 * to group hooks with `project_events` a project created or destroyed in the group or below
 * (`X-Gitlab-Event: Project Hook`, Premium, without them). It has no `object_kind`.
 */
export const ProjectWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent (so that `object_kind` narrows a union of payloads). */
    object_kind: z.optional(z.undefined()),
    /** What happened. */
    event_name: ProjectWebhookEventName,
    /** When the project was created. */
    created_at: z.string(),
    /** When it was last updated. */
    updated_at: z.string(),
    /** The project's name. */
    name: z.string(),
    /** The project's path. */
    path: z.string(),
    /** The project's full path, such as `acme/api`. */
    path_with_namespace: z.string(),
    /** The project's id. */
    project_id: z.int(),
    /** The id of its namespace: the group's, or its holder's personal namespace. */
    project_namespace_id: z.int(),
    /** The Owners: of its group and the groups above, or of a personal project its holder and Owner members. */
    owners: z.array(ProjectWebhookOwner),
    /** `private`, `internal` or `public`. */
    project_visibility: z.string(),
    /** The group's or holder's name (system hooks only; deprecated by GitLab). */
    owner_name: z.optional(z.nullable(z.string())),
    /** The holder's public email, `''` for a group (system hooks only; deprecated by GitLab). */
    owner_email: z.optional(z.string()),
    /** The full path before a rename or transfer (`project_rename`, `project_transfer` only). */
    old_path_with_namespace: z.optional(z.string()),
  }),
);
/**
 * A project event.
 * @interface
 */
export type ProjectWebhook = z.infer<typeof ProjectWebhook>;

/**
 * The sample a system hook's test sends (`POST /hooks/:id`, `API::SystemHooks`): a
 * `project_create` of a made-up project, with fewer fields than a real one ({@link ProjectWebhook}).
 */
export const SystemHookTestWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent. */
    object_kind: z.optional(z.undefined()),
    /** Always `project_create`. */
    event_name: z.literal('project_create'),
    /** The made-up project's name (`Ruby`). */
    name: z.string(),
    /** Its path (`ruby`). */
    path: z.string(),
    /** Its id. */
    project_id: z.int(),
    /** A made-up owner's name. */
    owner_name: z.string(),
    /** A made-up owner's email. */
    owner_email: z.string(),
  }),
);
/**
 * The system hook test's sample.
 * @interface
 */
export type SystemHookTestWebhook = z.infer<typeof SystemHookTestWebhook>;

/** The `event_name` values of a project member event (`Gitlab::HookData::ProjectMemberBuilder`). */
export const ProjectMemberWebhookEventName = /* @__PURE__ */ lazySchema(() =>
  z.literal([
    'user_add_to_team',
    'user_update_for_team',
    'user_remove_from_team',
    'user_access_request_to_project',
    'user_access_request_revoked_for_project',
  ]),
);
/** What happened to the project membership: added, role or expiry changed, removed, access requested or withdrawn. */
export type ProjectMemberWebhookEventName = z.infer<typeof ProjectMemberWebhookEventName>;

/** A project member event (`X-Gitlab-Event: System Hook`; system hooks only). It has no `object_kind`. */
export const ProjectMemberWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent. */
    object_kind: z.optional(z.undefined()),
    /** When the membership was created. */
    created_at: z.string(),
    /** When it was last changed. */
    updated_at: z.string(),
    /** The project's name. */
    project_name: z.string(),
    /** The project's path. */
    project_path: z.string(),
    /** The project's full path. */
    project_path_with_namespace: z.string(),
    /** The project's id. */
    project_id: z.int(),
    /** The member's username. */
    user_username: z.string(),
    /** The member's name. */
    user_name: z.string(),
    /** The member's public email, or `[REDACTED]`. */
    user_email: z.string(),
    /** The member's id. */
    user_id: z.int(),
    /** The member's role by name: `Guest`, `Reporter`, `Developer`, `Maintainer`, `Owner`... */
    access_level: z.string(),
    /** `private`, `internal` or `public`. */
    project_visibility: z.string(),
    /** What happened. */
    event_name: ProjectMemberWebhookEventName,
  }),
);
/**
 * A project member event.
 * @interface
 */
export type ProjectMemberWebhook = z.infer<typeof ProjectMemberWebhook>;

/** The `event_name` values of a group event (`Gitlab::HookData::GroupBuilder`). */
export const GroupWebhookEventName = /* @__PURE__ */ lazySchema(() =>
  z.literal(['group_create', 'group_rename', 'group_destroy']),
);
/** What happened to the group: created, renamed (its path changed, marking for deletion and restoring too) or destroyed. */
export type GroupWebhookEventName = z.infer<typeof GroupWebhookEventName>;

/** A group event (`X-Gitlab-Event: System Hook`; system hooks only). It has no `object_kind`. */
export const GroupWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent. */
    object_kind: z.optional(z.undefined()),
    /** When the group was created. */
    created_at: z.string(),
    /** When it was last updated. */
    updated_at: z.string(),
    /** What happened. */
    event_name: GroupWebhookEventName,
    /** The group's name. */
    name: z.string(),
    /** The group's path. */
    path: z.string(),
    /** The group's full path, such as `acme/platform`. */
    full_path: z.string(),
    /** The group's id. */
    group_id: z.int(),
    /** The path before a rename (`group_rename` only). */
    old_path: z.optional(z.string()),
    /** The full path before a rename (`group_rename` only). */
    old_full_path: z.optional(z.string()),
  }),
);
/**
 * A group event.
 * @interface
 */
export type GroupWebhook = z.infer<typeof GroupWebhook>;

/** The `event_name` values of a subgroup event (`Gitlab::HookData::SubgroupBuilder`). */
export const SubgroupWebhookEventName = /* @__PURE__ */ lazySchema(() =>
  z.literal(['subgroup_create', 'subgroup_destroy']),
);
/** What happened to the subgroup: created or destroyed. */
export type SubgroupWebhookEventName = z.infer<typeof SubgroupWebhookEventName>;

/**
 * A subgroup created or destroyed (`X-Gitlab-Event: Subgroup Hook`): to the group hooks with
 * `subgroup_events` of its parent and the groups above (Premium), never its own. It has no `object_kind`.
 */
export const SubgroupWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent. */
    object_kind: z.optional(z.undefined()),
    /** When the subgroup was created. */
    created_at: z.string(),
    /** When it was last updated. */
    updated_at: z.string(),
    /** What happened. */
    event_name: SubgroupWebhookEventName,
    /** The subgroup's name. */
    name: z.string(),
    /** The subgroup's path. */
    path: z.string(),
    /** The subgroup's full path. */
    full_path: z.string(),
    /** The subgroup's id. */
    group_id: z.int(),
    /** The parent group's id. */
    parent_group_id: z.int(),
    /** The parent group's name. */
    parent_name: z.string(),
    /** The parent group's path. */
    parent_path: z.string(),
    /** The parent group's full path. */
    parent_full_path: z.string(),
  }),
);
/**
 * A subgroup event.
 * @interface
 */
export type SubgroupWebhook = z.infer<typeof SubgroupWebhook>;

/** The `event_name` values of a user event (`Gitlab::HookData::UserBuilder`). */
export const UserWebhookEventName = /* @__PURE__ */ lazySchema(() =>
  z.literal(['user_create', 'user_rename', 'user_destroy']),
);
/** What happened to the user: created, renamed (a new username) or deleted. */
export type UserWebhookEventName = z.infer<typeof UserWebhookEventName>;

/** A user event (`X-Gitlab-Event: System Hook`; system hooks only). It has no `object_kind`. */
export const UserWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent. */
    object_kind: z.optional(z.undefined()),
    /** When the user was created. */
    created_at: z.string(),
    /** When the user was last updated. */
    updated_at: z.string(),
    /** What happened. */
    event_name: UserWebhookEventName,
    /** The display name. */
    name: z.string(),
    /** The user's email. */
    email: z.string(),
    /** The user's id. */
    user_id: z.int(),
    /** The username. */
    username: z.string(),
    /** The username before a rename (`user_rename` only). */
    old_username: z.optional(z.string()),
  }),
);
/**
 * A user event.
 * @interface
 */
export type UserWebhook = z.infer<typeof UserWebhook>;

/** The `event_name` values of an SSH key event (`Gitlab::HookData::KeyBuilder`). */
export const KeyWebhookEventName = /* @__PURE__ */ lazySchema(() => z.literal(['key_create', 'key_destroy']));
/** What happened to the key: added or removed. */
export type KeyWebhookEventName = z.infer<typeof KeyWebhookEventName>;

/** An SSH key added to or removed from a user (`X-Gitlab-Event: System Hook`; system hooks only). It has no `object_kind`. */
export const KeyWebhook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** Never sent. */
    object_kind: z.optional(z.undefined()),
    /** What happened. */
    event_name: KeyWebhookEventName,
    /** When the key was added. */
    created_at: z.string(),
    /** When it was last updated. */
    updated_at: z.string(),
    /** The public key, as stored. */
    key: z.string(),
    /** The key's id. */
    id: z.int(),
    /** The username of the key's user. */
    username: z.string(),
  }),
);
/**
 * An SSH key event.
 * @interface
 */
export type KeyWebhook = z.infer<typeof KeyWebhook>;

/**
 * The events only system hooks (and, for projects and subgroups, group hooks) send, none with an
 * `object_kind`: narrow on `event_name`. Group member events are in {@link WebhookPayload}. Under
 * `System Hook` the payload is either: check `object_kind === undefined` before `event_name`.
 */
export const SystemWebhookPayload = /* @__PURE__ */ lazySchema(() =>
  z.union([
    ProjectWebhook,
    SystemHookTestWebhook,
    ProjectMemberWebhook,
    GroupWebhook,
    SubgroupWebhook,
    UserWebhook,
    KeyWebhook,
  ]),
);
/** A system hook's event without `object_kind`, narrowed by `event_name`. */
export type SystemWebhookPayload = z.infer<typeof SystemWebhookPayload>;
