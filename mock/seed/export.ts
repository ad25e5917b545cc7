import type { InjectedFault } from '../http/faults.js';
import { arrivingReviewerState, reviewerState } from '../rules/approvals/approvals.js';
import { groupChain, projectGroup } from '../world/memberships.js';
import { sharesOfGroup, sharesOfProject } from '../world/shares.js';
import type {
  AccessToken,
  ApprovalRuleFields,
  Group,
  GroupApprovalRule,
  GroupHook,
  Label,
  MergeRequest,
  Milestone,
  Project,
  ProjectApprovalRule,
  ProjectHook,
  ProtectedBranch,
  Role,
  User,
  WebHook,
  World,
} from '../world/types.js';
import { tokenResourceKey } from '../world/world.js';
import type { SeedApprovalRule, SeedMergeRequestApprovalRule } from './approval-document.js';
import {
  SEED_DOCUMENT_VERSION,
  type SeedAccessToken,
  type SeedDocument,
  type SeedGroup,
  type SeedGroupHook,
  type SeedIssue,
  type SeedLabel,
  type SeedMergeRequest,
  type SeedMilestone,
  type SeedProject,
  type SeedProjectHook,
  type SeedProtectedBranch,
  type SeedUser,
} from './document.js';
import { exportOAuthState } from './oauth.js';

/**
 * The seeder's inverse: a whole world as a seed document (SPEC 6 `GET /__mock/state`,
 * `mock.exportState()`). Every record keeps its id, timestamps and counters, so the
 * document loaded into a fresh mock answers every read as this world does. Written
 * beside the seeder: a field the seeder learns must be written here too, and
 * {@link EXPORTED_AS} names where each part of the world goes (the test round-trips
 * every table).
 * @module
 */

/** Where each part of the world goes in the document: a new part of `World` does not compile until it has a place here. */
export const EXPORTED_AS: { readonly [K in keyof World]: string } = {
  baseUrl: '(not exported: the loading mock keeps its own)',
  now: 'now',
  randomState: 'random_state',
  lastId: 'last_ids',
  instance: 'instance',
  users: 'users',
  tokens:
    'users[].token and personal_token, users[].personal_access_tokens, projects[].access_tokens, groups[].access_tokens',
  tokenIds: '(derived from tokens)',
  groups: 'groups',
  projects: 'projects',
  milestones: 'groups[].milestones, projects[].milestones',
  issues: 'projects[].issues',
  mergeRequests: 'projects[].merge_requests',
  applications: 'applications',
  scimIdentities: 'scim_identities',
  protectedBranches: 'groups[].protected_branches, projects[].protected_branches',
  projectApprovalRules: 'projects[].approval_rules',
  groupApprovalRules: 'groups[].approval_rules',
  mergeRequestApprovalRules: 'projects[].merge_requests[].approval_rules',
  approvals: 'projects[].merge_requests[].approvals',
  rateLimitCounters: 'rate_limit_counters',
  clockOffset: 'now ("real") and clock_offset_ms',
  oauthSessions: 'oauth.sessions',
  oauthGrants: 'oauth.grants',
  oauthTokens: 'oauth.tokens',
  signingKey: 'oauth.signing_key',
  labels: 'groups[].labels, projects[].labels',
  subscriptions: 'subscriptions',
  projectHooks: 'projects[].hooks',
  systemHooks: 'system_hooks',
  groupHooks: 'groups[].hooks',
  events: 'events',
  groupShares: 'groups[].shared_with_groups',
  projectShares: 'projects[].shared_with_groups',
  sshKeys: 'users[].ssh_keys',
};

/** `undefined` for `null`, so an absent optional key stands for it. */
const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/** The world as a seed document with `version: 1`, and the faults in place (with the matches they have left). */
export function exportSeedDocument(world: World, faults: readonly InjectedFault[]): SeedDocument {
  // Plain JSON: what `GET /__mock/state` sends is what this returns (no undefined keys).
  return JSON.parse(JSON.stringify(exportDocument(world, faults)));
}

function exportDocument(world: World, faults: readonly InjectedFault[]): SeedDocument {
  const username = (id: number): string => world.users.get(id)?.username ?? `#${id}`;
  const usernames = (ids: readonly number[]) => ids.map(username);
  // A member with details is written in the richer form, one without as its bare role, as it was seeded.
  const members = ({ members: map, memberships }: Group | Project) =>
    Object.fromEntries(
      [...map].map(([id, role]) => {
        const details = memberships?.get(id);
        if (!details) return [username(id), role];
        const createdBy = details.created_by_id === null ? null : username(details.created_by_id);
        const { created_at, expires_at } = details;
        return [username(id), { access_level: role, expires_at, created_at, created_by: createdBy }];
      }),
    );
  const groupPath = (id: number) => world.groups.get(id)?.full_path ?? `#${id}`;
  const milestoneTitle = (id: number | null) => (id === null ? undefined : world.milestones.get(id)?.title);
  // Records by owner, in id order, grouped once: a world of thousands of records exports in linear time.
  const groupBy = <T>(table: Map<number, T>, owner: (record: T) => number | null) => {
    const byOwner = new Map<number, T[]>();
    for (const record of table.values()) {
      const id = owner(record);
      if (id === null) continue;
      const list = byOwner.get(id);
      if (list) list.push(record);
      else byOwner.set(id, [record]);
    }
    return (id: number): T[] => byOwner.get(id) ?? [];
  };
  const milestonesOfGroup = groupBy(world.milestones, (m) => m.group_id);
  const milestonesOfProject = groupBy(world.milestones, (m) => m.project_id);
  const labelsOfGroup = groupBy(world.labels, (l) => l.group_id);
  const labelsOfProject = groupBy(world.labels, (l) => l.project_id);
  const hooksOfProject = groupBy(world.projectHooks, (h) => h.project_id);
  const hooksOfGroup = groupBy(world.groupHooks, (h) => h.group_id);
  // Only projects with hooks get the key: a world without hooks exports as it did before hooks existed.
  const hookFields = (h: WebHook) => ({
    id: h.id,
    url: h.url,
    name: orUndefined(h.name),
    description: orUndefined(h.description),
    token: orUndefined(h.token),
    enable_ssl_verification: h.enable_ssl_verification,
    push_events_branch_filter: orUndefined(h.push_events_branch_filter),
    branch_filter_strategy: h.branch_filter_strategy as SeedProjectHook['branch_filter_strategy'],
    created_at: h.created_at,
    // Delivery state only when a hook has failed: other hooks export as before delivery existed.
    ...(h.recent_failures ? { recent_failures: h.recent_failures } : {}),
    ...(h.disabled_until ? { disabled_until: h.disabled_until } : {}),
    // Secrets only on hooks that have some: other hooks export as before they existed.
    ...(h.url_variables ? { url_variables: { ...h.url_variables } } : {}),
    ...(h.custom_headers ? { custom_headers: { ...h.custom_headers } } : {}),
  });
  const hooks = <H extends ProjectHook | GroupHook>(list: H[]): { hooks?: (SeedProjectHook & SeedGroupHook)[] } =>
    list.length === 0
      ? {}
      : {
          hooks: list.map((h) => ({
            ...hookFields(h),
            events: { ...h.events },
            custom_webhook_template: orUndefined(h.custom_webhook_template),
          })),
        };
  // Only owners with labels get the key: a world without labels exports as it did before labels existed.
  const labels = (list: Label[]): { labels?: SeedLabel[] } =>
    list.length === 0
      ? {}
      : {
          labels: list.map((l) => ({
            id: l.id,
            name: l.title,
            color: l.color,
            description: orUndefined(l.description),
            priority: l.project_id === null ? undefined : l.priorities.get(l.project_id),
            updated_at: l.updated_at,
          })),
        };
  // A group label's priorities by project, read once. Only projects that prioritized a label of one of
  // their groups get the key (others export as before); a priority left behind by a transfer is not written.
  const groupPriorities = new Map<number, Label[]>();
  for (const l of world.labels.values()) {
    if (l.group_id === null) continue;
    for (const projectId of l.priorities.keys())
      groupPriorities.set(projectId, [...(groupPriorities.get(projectId) ?? []), l]);
  }
  const groupLabelPriorities = (p: Project): { group_label_priorities?: Record<string, number> } => {
    const group = projectGroup(world, p);
    const chain = new Set(group ? groupChain(world, group).map((g) => g.id) : []);
    const entries = (groupPriorities.get(p.id) ?? [])
      .filter((l) => l.group_id !== null && chain.has(l.group_id))
      .map((l) => [l.title, l.priorities.get(p.id) as number] as const);
    return entries.length === 0 ? {} : { group_label_priorities: Object.fromEntries(entries) };
  };
  const branchesOfGroup = groupBy(world.protectedBranches, (b) => b.group_id);
  const branchesOfProject = groupBy(world.protectedBranches, (b) => b.project_id);
  const rulesOfGroup = groupBy(world.groupApprovalRules, (r) => r.group_id);
  const rulesOfProject = groupBy(world.projectApprovalRules, (r) => r.project_id);
  const rulesOfMergeRequest = groupBy(world.mergeRequestApprovalRules, (r) => r.merge_request_id);
  const approvalsOf = groupBy(world.approvals, (a) => a.merge_request_id);
  const issuesOf = groupBy(world.issues, (i) => i.project_id);
  const mergeRequestsOf = groupBy(world.mergeRequests, (mr) => mr.project_id);
  const tokensOfProject = groupBy(world.tokens, (t) => t.project_id);
  const tokensOfGroup = groupBy(world.tokens, (t) => (t.project_id === null ? (t.group_id ?? null) : null));
  const personalTokens = groupBy(world.tokens, (t) => (tokenResourceKey(t) === null ? t.user_id : null));

  const milestone = (m: Milestone): SeedMilestone => ({
    id: m.id,
    iid: m.iid,
    title: m.title,
    description: orUndefined(m.description),
    state: m.state,
    start_date: orUndefined(m.start_date),
    due_date: orUndefined(m.due_date),
    created_at: m.created_at,
    updated_at: m.updated_at,
  });
  const protectedBranch = (b: ProtectedBranch): SeedProtectedBranch => ({
    id: b.id,
    name: b.name,
    code_owner_approval_required: b.code_owner_approval_required,
    allow_force_push: b.allow_force_push,
    push_access_level: { ...b.push_access_level },
    merge_access_level: { ...b.merge_access_level },
    ...(b.unprotect_access_level && { unprotect_access_level: { ...b.unprotect_access_level } }),
  });
  const ruleFields = (rule: ApprovalRuleFields) => ({
    id: rule.id,
    name: rule.name,
    rule_type: rule.rule_type,
    ...(rule.report_type === null ? {} : { report_type: rule.report_type }),
    approvals_required: rule.approvals_required,
    users: usernames(rule.user_ids),
    groups: rule.group_ids.map(groupPath),
  });
  const approvalRule = (rule: ProjectApprovalRule | GroupApprovalRule): SeedApprovalRule => ({
    ...ruleFields(rule),
    applies_to_all_protected_branches: rule.applies_to_all_protected_branches,
    protected_branches: rule.protected_branch_ids.map((id) => world.protectedBranches.get(id)?.name ?? `#${id}`),
  });

  const keysOf = groupBy(world.sshKeys, (k) => k.user_id);
  const users = [...world.users.values()].map((user): SeedUser => {
    const [token, ...moreTokens] = personalTokens(user.id);
    return {
      ...userExtras(world, user),
      ...(keysOf(user.id).length > 0
        ? {
            ssh_keys: keysOf(user.id).map((k) => ({
              id: k.id,
              title: k.title,
              key: k.key,
              usage_type: k.usage_type,
              created_at: k.created_at,
              expires_at: k.expires_at,
            })),
          }
        : {}),
      ...(moreTokens.length > 0
        ? {
            personal_access_tokens: moreTokens.map((t) => ({
              id: t.id,
              name: t.name,
              description: t.description,
              scopes: [...t.scopes],
              token: t.value,
              expires_at: t.expires_at,
              revoked: t.revoked,
              ...(t.impersonation ? { impersonation: true } : {}),
              created_at: t.created_at,
              last_used_at: t.last_used_at,
              ...(t.previous_id === null ? {} : { rotated_from: t.previous_id }),
            })),
          }
        : {}),
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      admin: user.admin,
      bot: user.bot,
      // Only the ghost carries the key: other users export as before deletion existed.
      ...(user.ghost ? { ghost: true } : {}),
      state: user.state,
      password: user.password,
      created_at: user.created_at,
      ...(token
        ? {
            token: token.value,
            scopes: [...token.scopes],
            personal_token: {
              id: token.id,
              name: token.name,
              created_at: token.created_at,
              last_used_at: token.last_used_at,
              expires_at: token.expires_at,
              revoked: token.revoked,
            },
          }
        : { personal_token: null }),
    };
  });

  const accessToken = (resource: Group | Project, t: AccessToken): SeedAccessToken => ({
    id: t.id,
    name: t.name,
    description: orUndefined(t.description),
    scopes: [...t.scopes],
    access_level: (resource.members.get(t.user_id) ?? 40) as Role,
    expires_at: t.expires_at,
    token: t.value,
    revoked: t.revoked,
    created_at: t.created_at,
    user: username(t.user_id),
    last_used_at: t.last_used_at,
    ...(t.previous_id === null ? {} : { rotated_from: t.previous_id }),
    // Only once the expiring worker noted it: other tokens export as before webhooks.
    ...(t.seven_days_notification_sent_at
      ? { seven_days_notification_sent_at: t.seven_days_notification_sent_at }
      : {}),
    ...(t.thirty_days_notification_sent_at
      ? { thirty_days_notification_sent_at: t.thirty_days_notification_sent_at }
      : {}),
    ...(t.sixty_days_notification_sent_at
      ? { sixty_days_notification_sent_at: t.sixty_days_notification_sent_at }
      : {}),
  });

  const group = (g: Group): SeedGroup => ({
    id: g.id,
    path: g.full_path,
    name: g.name,
    description: g.description,
    visibility: g.visibility,
    plan: g.plan,
    saml_scim: g.saml_scim,
    enforced_sso: g.enforced_sso,
    created_at: g.created_at,
    members: members(g),
    approval_settings: { ...g.approval_settings },
    next_iid: { ...g.next_iid },
    milestones: milestonesOfGroup(g.id).map(milestone),
    ...labels(labelsOfGroup(g.id)),
    ...hooks(hooksOfGroup(g.id)),
    protected_branches: branchesOfGroup(g.id).map(protectedBranch),
    approval_rules: rulesOfGroup(g.id).map(approvalRule),
    // Only groups with tokens carry the key: a world without group tokens exports as before.
    ...(tokensOfGroup(g.id).length === 0 ? {} : { access_tokens: tokensOfGroup(g.id).map((t) => accessToken(g, t)) }),
    // Only what a group has set, and its shares only when it has some: an older world exports as before.
    ...(g.project_creation_level === undefined ? {} : { project_creation_level: g.project_creation_level }),
    ...(g.subgroup_creation_level === undefined ? {} : { subgroup_creation_level: g.subgroup_creation_level }),
    ...(g.share_with_group_lock === undefined ? {} : { share_with_group_lock: g.share_with_group_lock }),
    ...(g.request_access_enabled === undefined ? {} : { request_access_enabled: g.request_access_enabled }),
    ...(g.settings && Object.keys(g.settings).length > 0 ? { settings: { ...g.settings } } : {}),
    ...shares(sharesOfGroup(world, g.id).map((l) => ({ ...l, group_id: l.shared_with_group_id }))),
    // Only marked groups carry the keys: other groups export as before deletion existed.
    ...(g.marked_for_deletion_on ? { marked_for_deletion_on: g.marked_for_deletion_on } : {}),
    ...(g.marked_for_deletion_on && g.marked_for_deletion_by != null
      ? { marked_for_deletion_by: username(g.marked_for_deletion_by) }
      : {}),
  });

  function shares(
    links: { id: number; group_id: number; group_access: Role; expires_at: string | null; created_at: string }[],
  ) {
    if (links.length === 0) return {};
    return {
      shared_with_groups: links.map((l) => ({
        id: l.id,
        group: groupPath(l.group_id),
        group_access: l.group_access,
        expires_at: l.expires_at,
        created_at: l.created_at,
      })),
    };
  }

  const project = (p: Project): SeedProject => ({
    id: p.id,
    path: p.path_with_namespace,
    name: p.name,
    description: p.description,
    visibility: p.visibility,
    created_at: p.created_at,
    members: members(p),
    approval_settings: { ...p.approval_settings },
    approvals_before_merge: p.approvals_before_merge,
    next_iid: { ...p.next_iid },
    default_branch: p.default_branch,
    branches: [...p.branches].map(([name, sha]) => ({ name, sha })),
    archived: p.archived,
    // Only a project that has them: a world without them exports as it did before.
    ...(p.settings && Object.keys(p.settings).length > 0 && { settings: { ...p.settings } }),
    ...(p.creator_id !== undefined && {
      creator: p.creator_id === null ? null : (world.users.get(p.creator_id)?.username ?? null),
    }),
    ...(p.topics && p.topics.length > 0 && { topics: [...p.topics] }),
    ...(p.readme_path !== undefined && { readme_path: p.readme_path }),
    ...(p.repository_object_format !== undefined && { repository_object_format: p.repository_object_format }),
    milestones: milestonesOfProject(p.id).map(milestone),
    ...labels(labelsOfProject(p.id)),
    ...groupLabelPriorities(p),
    issues: issuesOf(p.id).map(
      (i): SeedIssue => ({
        id: i.id,
        iid: i.iid,
        title: i.title,
        description: orUndefined(i.description),
        author: username(i.author_id),
        assignees: usernames(i.assignee_ids),
        milestone: milestoneTitle(i.milestone_id),
        weight: orUndefined(i.weight),
        confidential: i.confidential,
        labels: [...i.labels],
        created_at: i.created_at,
        updated_at: i.updated_at,
        closed_at: i.closed_at,
        closed_by: i.closed_by_id === null ? null : username(i.closed_by_id),
        events: i.events.map((e) => ({ ...e })),
      }),
    ),
    protected_branches: branchesOfProject(p.id).map(protectedBranch),
    approval_rules: rulesOfProject(p.id).map(approvalRule),
    merge_requests: mergeRequestsOf(p.id).map(
      (mr): SeedMergeRequest => ({
        id: mr.id,
        iid: mr.iid,
        title: mr.title,
        description: orUndefined(mr.description),
        author: username(mr.author_id),
        committers: usernames(mr.committer_ids),
        sha: mr.sha,
        state: mr.state,
        source_branch: mr.source_branch,
        target_branch: mr.target_branch,
        milestone: milestoneTitle(mr.milestone_id),
        created_at: mr.created_at,
        updated_at: mr.updated_at,
        approval_rules: rulesOfMergeRequest(mr.id).map(
          (rule): SeedMergeRequestApprovalRule => ({
            ...ruleFields(rule),
            ...(rule.source_rule_id === null ? {} : { source_rule_id: rule.source_rule_id }),
            // Written where they are not a seed's defaults, as the merge request's optional keys are.
            ...(rule.modified_from_project_rule && { modified_from_project_rule: true }),
            ...(rule.created_at !== mr.created_at && { created_at: rule.created_at }),
            ...(rule.updated_at !== rule.created_at && { updated_at: rule.updated_at }),
          }),
        ),
        pushes: mr.pushes.map((push) => ({ sha: push.sha, author: username(push.author_id), at: push.at })),
        approvals: approvalsOf(mr.id).map((a) => ({
          id: a.id,
          user: username(a.user_id),
          created_at: a.created_at,
        })),
        ...mergeRequestExtras(mr, username, new Set(approvalsOf(mr.id).map((a) => a.user_id))),
        // Only where the target moved since its latest diff: other merge requests export as before.
        ...(mr.diff_start_sha !== undefined && mr.diff_start_sha !== p.branches.get(mr.target_branch)
          ? { diff_start_sha: mr.diff_start_sha }
          : {}),
      }),
    ),
    access_tokens: tokensOfProject(p.id).map((t) => accessToken(p, t)),
    ...hooks(hooksOfProject(p.id)),
    ...shares([...sharesOfProject(world, p.id)]),
    // Only marked projects carry the keys: other projects export as before deletion existed.
    ...(p.marked_for_deletion_at ? { marked_for_deletion_at: p.marked_for_deletion_at } : {}),
    ...(p.marked_for_deletion_at && p.marked_for_deletion_by != null
      ? { marked_for_deletion_by: username(p.marked_for_deletion_by) }
      : {}),
  });

  return {
    version: SEED_DOCUMENT_VERSION,
    ...(world.clockOffset === null
      ? { now: new Date(world.now).toISOString() }
      : { now: 'real', ...(world.clockOffset === 0 ? {} : { clock_offset_ms: Math.round(world.clockOffset) }) }),
    random_state: world.randomState,
    last_ids: { ...world.lastId },
    instance: structuredClone(world.instance),
    users,
    // Parents before children (a transfer can put a group below one created after it), ids kept.
    groups: parentsFirst([...world.groups.values()]).map(group),
    projects: [...world.projects.values()].map(project),
    applications: [...world.applications.values()].map((app) => ({
      id: app.id,
      name: app.name,
      redirect_uri: app.redirect_uri,
      scopes: app.scopes.join(' '),
      confidential: app.confidential,
      application_id: app.application_id,
      secret: app.secret,
      trusted: app.trusted,
    })),
    scim_identities: [...world.scimIdentities.values()].map((s) => ({
      id: s.id,
      group: groupPath(s.group_id),
      user: username(s.user_id),
      extern_uid: s.extern_uid,
      active: s.active,
    })),
    // Written only when there are events: a world without them exports as before events existed.
    ...(world.events.size === 0
      ? {}
      : {
          events: [...world.events.values()].map((e) => ({
            id: e.id,
            project: e.project_id === null ? undefined : world.projects.get(e.project_id)?.path_with_namespace,
            group: e.group_id === null ? undefined : groupPath(e.group_id),
            author: username(e.author_id),
            action: e.action,
            target_type: orUndefined(e.target_type),
            target_id: orUndefined(e.target_id),
            target_iid: orUndefined(e.target_iid),
            target_title: orUndefined(e.target_title),
            created_at: e.created_at,
          })),
        }),
    // Written only when there are subscriptions: a world without them exports as before they existed.
    ...(world.subscriptions.size === 0
      ? {}
      : {
          subscriptions: [...world.subscriptions.values()].map((s) => ({
            id: s.id,
            user: username(s.user_id),
            subscribable_type: s.subscribable_type,
            subscribable_id: s.subscribable_id,
            project: s.project_id === null ? undefined : world.projects.get(s.project_id)?.path_with_namespace,
            subscribed: s.subscribed,
          })),
        }),
    oauth: exportOAuthState(world),
    rate_limit_counters: Object.fromEntries([...world.rateLimitCounters].map(([key, c]) => [key, { ...c }])),
    faults: faults.map(({ id: _id, hits: _hits, remaining, times: _times, ...spec }) => ({
      ...spec,
      ...(remaining === null ? {} : { times: remaining }),
    })),
    ...(world.systemHooks.size === 0
      ? {}
      : { system_hooks: [...world.systemHooks.values()].map((h) => ({ ...hookFields(h), events: { ...h.events } })) }),
  };
}

/** A user's fields beyond a seeded user's defaults: only those set, so older exports stay as they were. */
function userExtras(world: World, user: User): Partial<SeedUser> {
  const extras: Partial<SeedUser> = {};
  if (user.external !== undefined) extras.external = user.external;
  if (user.note !== undefined) extras.note = user.note;
  if (user.private_profile !== undefined) extras.private_profile = user.private_profile;
  if (user.theme_id !== undefined) extras.theme_id = user.theme_id;
  if (user.color_scheme_id !== undefined) extras.color_scheme_id = user.color_scheme_id;
  if (user.can_create_group !== undefined) extras.can_create_group = user.can_create_group;
  if (user.projects_limit !== undefined) extras.projects_limit = user.projects_limit;
  if (user.profile && Object.keys(user.profile).length > 0) extras.profile = { ...user.profile };
  if (user.identities && user.identities.length > 0) extras.identities = user.identities.map((i) => ({ ...i }));
  const creator = user.created_by_id == null ? undefined : world.users.get(user.created_by_id);
  if (creator) extras.created_by = creator.username;
  if (user.confirmed_at !== undefined) extras.confirmed_at = user.confirmed_at;
  if (user.updated_at !== undefined) extras.updated_at = user.updated_at;
  return extras;
}

/** A merge request's optional keys, written only when they differ from GitLab's defaults (older exports stay as they were). */
function mergeRequestExtras(
  mr: MergeRequest,
  username: (id: number) => string,
  approverIds: ReadonlySet<number>,
): Partial<SeedMergeRequest> {
  const extras: Partial<SeedMergeRequest> = {};
  if (mr.assignee_ids.length > 0) extras.assignees = mr.assignee_ids.map(username);
  // A review state is written where it is not the one a seed gives: `approved` for an approver, else `unreviewed`.
  const reviewer = (id: number) => {
    const state = reviewerState(mr, id);
    return state === arrivingReviewerState(approverIds, id) ? username(id) : { user: username(id), state };
  };
  if (mr.reviewer_ids.length > 0) extras.reviewers = mr.reviewer_ids.map(reviewer);
  if (mr.labels.length > 0) extras.labels = [...mr.labels];
  if (mr.has_conflicts) extras.has_conflicts = true;
  if (mr.merged_at !== null) extras.merged_at = mr.merged_at;
  if (mr.merged_by_id !== null) extras.merged_by = username(mr.merged_by_id);
  if (mr.closed_at !== null) extras.closed_at = mr.closed_at;
  if (mr.closed_by_id !== null) extras.closed_by = username(mr.closed_by_id);
  if (mr.merge_commit_sha !== null) extras.merge_commit_sha = mr.merge_commit_sha;
  if (mr.squash_commit_sha !== undefined) extras.squash_commit_sha = mr.squash_commit_sha;
  if (mr.merge_after !== undefined) extras.merge_after = mr.merge_after;
  if (mr.should_remove_source_branch !== undefined) extras.should_remove_source_branch = mr.should_remove_source_branch;
  if (mr.discussion_locked !== null) extras.discussion_locked = mr.discussion_locked;
  if (mr.force_remove_source_branch) extras.remove_source_branch = true;
  if (mr.squash) extras.squash = true;
  return extras;
}

/** Groups in id order, except that a group always comes after its parent. */
function parentsFirst(groups: Group[]): Group[] {
  const out: Group[] = [];
  const placed = new Set<number>();
  const byId = new Map(groups.map((g) => [g.id, g]));
  const place = (g: Group) => {
    if (placed.has(g.id)) return;
    const parent = g.parent_id === null ? undefined : byId.get(g.parent_id);
    if (parent) place(parent);
    placed.add(g.id);
    out.push(g);
  };
  for (const g of groups) place(g);
  return out;
}
