import type * as z from 'zod';
import {
  groupBranches,
  insertGroupRule,
  insertMergeRequestRule,
  insertProjectRule,
  projectBranches,
  projectRules,
  type RuleScope,
  ruleErrors,
} from '../rules/approvals/approval-rules.js';
import { projectSettingsFromSeed, settingsConflict } from '../rules/approvals/approval-settings.js';
import { reviewersChanged } from '../rules/approvals/approvals.js';
import { ensureBranch } from '../rules/branches.js';
import {
  hookUrlRefusal,
  insertGroupHook,
  insertProjectHook,
  insertSystemHook,
  interpolateUrl,
} from '../rules/hooks.js';
import { DEFAULT_LABEL_COLOR, insertLabel, type LabelOwner, normalizeColor, projectLabels } from '../rules/labels.js';
import { draftTitle } from '../rules/merge-requests.js';
import { insertMilestone, milestoneErrors, milestoneTitledInScope, sanitizeTitle } from '../rules/milestones.js';
import { newApplicationSecret, splitScopes } from '../rules/oauth/applications.js';
import { pushRefusal, pushToMergeRequest } from '../rules/pushes.js';
import { addSshKey, keyErrors } from '../rules/ssh-keys.js';
import { defaultTokenExpiry, issuePersonalToken, issueResourceAccessToken } from '../rules/tokens.js';
import { groupChain, storeMembership } from '../world/memberships.js';
import { milestoneIdByTitle, ownerKey } from '../world/milestone-index.js';
import type {
  Application,
  Approval,
  ApprovalRuleFields,
  BranchAccessLevel,
  Event,
  Group,
  GroupApprovalRule,
  GroupHook,
  GroupShare,
  Issue,
  Label,
  MergeRequest,
  MergeRequestApprovalRule,
  Milestone,
  Project,
  ProjectApprovalRule,
  ProjectHook,
  ProjectShare,
  ProtectedBranch,
  Push,
  Role,
  ScimIdentity,
  Subscription,
  SystemHook,
  User,
  Visibility,
  World,
} from '../world/types.js';
import {
  addUser,
  newHex64,
  nextId,
  nowIso,
  randomString,
  revokeToken,
  tokenResourceKey,
  touchToken,
  userNamed,
} from '../world/world.js';
import { SeedApprovalRule, SeedMergeRequestApprovalRule } from './approval-document.js';
import {
  eachWithin,
  parseSeed,
  SeedAccessToken,
  SeedApplication,
  SeedError,
  SeedEvent,
  SeedGroup,
  SeedGroupHook,
  SeedInstance,
  SeedIssue,
  SeedLabel,
  SeedMergeRequest,
  SeedMilestone,
  SeedProject,
  SeedProjectHook,
  type SeedProtectedBranch,
  SeedPush,
  SeedScimIdentity,
  SeedSubscription,
  SeedSystemHook,
  SeedUser,
} from './document.js';

/**
 * Builders that put things into a world, the same ones for `mock.seed.*` and for
 * the seed document. Each checks its references and throws a {@link SeedError}
 * naming the bad key before it writes anything.
 * @module
 */

/** A user as the seed reports it: who it is and the token that authenticates as them. */
export interface SeededUser {
  /** The user's id. */
  id: number;
  /** The username. */
  username: string;
  /** The display name. */
  name: string;
  /** An instance administrator. */
  admin: boolean;
  /** The PRIVATE-TOKEN value of the user's personal token. */
  token: string;
}

/** A project or group access token as the seed reports it. */
export interface SeededAccessToken {
  /** The token's id: the `tokenId` of the SDK's methods. */
  id: number;
  /** The name. */
  name: string;
  /** The id of the token's bot user. */
  user_id: number;
  /** The PRIVATE-TOKEN value. */
  token: string;
}

const VISIBILITY_RANK: Record<Visibility, number> = { private: 0, internal: 1, public: 2 };

/** A seed's date-time as the mock writes timestamps (`2026-05-02T10:00:00.000Z`). */
function isoOrUndefined(time: string | undefined): string | undefined {
  return time === undefined ? undefined : new Date(time).toISOString();
}

function parentPath(path: string): string {
  return path.split('/').slice(0, -1).join('/');
}

function userByName(world: World, username: string, key: string): User {
  const user = userNamed(world, username);
  if (!user) throw new SeedError(key, 'unknown user');
  return user;
}

/** Who marked a group or project for deletion, by username; `null` when the seed names nobody. */
function deletingUser(world: World, username: string | undefined): number | null {
  if (username === undefined) return null;
  const user = userNamed(world, username);
  if (!user) throw new SeedError('marked_for_deletion_by', `no user ${username}`);
  return user.id;
}

function groupByPath(world: World, path: string): Group | undefined {
  for (const group of world.groups.values()) if (group.full_path.toLowerCase() === path.toLowerCase()) return group;
  return undefined;
}

function projectByPath(world: World, path: string): Project | undefined {
  for (const p of world.projects.values()) if (p.path_with_namespace.toLowerCase() === path.toLowerCase()) return p;
  return undefined;
}

type SeedMembers = NonNullable<SeedGroup['members']>;

function membersOf(world: World, members: SeedMembers | undefined): Map<number, Role> {
  const out = new Map<number, Role>();
  for (const [username, entry] of Object.entries(members ?? {})) {
    const role = typeof entry === 'number' ? entry : entry.access_level;
    out.set(userByName(world, username, `members.${username}`).id, role as Role);
  }
  return out;
}

/** The details of the members given in the richer form (`{ access_level, expires_at, ... }`), beside their roles. */
function membershipDetailsOf(world: World, source: Group | Project, members: SeedMembers | undefined): void {
  for (const [username, entry] of Object.entries(members ?? {})) {
    if (typeof entry === 'number') continue;
    const user = userByName(world, username, `members.${username}`);
    const createdBy = entry.created_by ? userByName(world, entry.created_by, `members.${username}.created_by`) : null;
    storeMembership(source, user.id, entry.access_level, {
      created_at: isoOrUndefined(entry.created_at) ?? source.created_at,
      created_by_id: createdBy?.id ?? null,
      expires_at: entry.expires_at ?? null,
    });
  }
}

/**
 * Builds a record with the id a document gives it (an export keeps every id), by setting the
 * table's sequence to give that id out next; without one, the next id of the sequence.
 */
function withId<T>(
  world: World,
  table: string,
  taken: Map<number, unknown>,
  id: number | undefined,
  build: () => T,
): T {
  if (id === undefined) return build();
  if (taken.has(id)) throw new SeedError('id', 'already taken');
  const last = world.lastId[table] ?? 0;
  world.lastId[table] = id - 1;
  try {
    return build();
  } finally {
    world.lastId[table] = Math.max(last, id);
  }
}

/** A seeded user's optional fields, only those the document sets (a world from before them has none). */
function userExtras(world: World, input: SeedUser): Partial<User> {
  const extras: Partial<User> = {};
  if (input.external !== undefined) extras.external = input.external;
  if (input.note !== undefined) extras.note = input.note;
  if (input.private_profile !== undefined) extras.private_profile = input.private_profile;
  if (input.theme_id !== undefined) extras.theme_id = input.theme_id;
  if (input.color_scheme_id !== undefined) extras.color_scheme_id = input.color_scheme_id;
  if (input.can_create_group !== undefined) extras.can_create_group = input.can_create_group;
  if (input.projects_limit !== undefined) extras.projects_limit = input.projects_limit;
  if (input.profile) extras.profile = { ...input.profile };
  if (input.identities) extras.identities = input.identities.map((i) => ({ ...i }));
  if (input.created_by !== undefined) {
    const creator = userNamed(world, input.created_by);
    if (!creator) throw new SeedError('created_by', 'unknown user');
    extras.created_by_id = creator.id;
  }
  if (input.confirmed_at !== undefined) {
    extras.confirmed_at = input.confirmed_at === null ? null : new Date(input.confirmed_at).toISOString();
  }
  if (input.updated_at !== undefined) extras.updated_at = new Date(input.updated_at).toISOString();
  return extras;
}

/** A counter for `insertMilestone` that gives out `iid` when the document fixes it. */
const iidCounter = (counters: { milestone: number }, iid: number | undefined) =>
  iid === undefined ? counters : { milestone: iid };

function milestoneIn(world: World, project: Project, title: string, key: string): number {
  const id = milestoneTitledInScope(world, project, title);
  if (id === undefined) throw new SeedError(key, 'unknown milestone');
  return id;
}

/** The keys under which a builder's input lists nested records, which can fail one by one. */
const NESTED = {
  group: ['milestones', 'protected_branches', 'approval_rules', 'access_tokens', 'labels', 'hooks'],
  project: [
    'milestones',
    'labels',
    'issues',
    'protected_branches',
    'approval_rules',
    'merge_requests',
    'access_tokens',
    'hooks',
  ],
  mergeRequest: ['approval_rules', 'pushes', 'approvals'],
} as const;

/** Builders that add users, groups, projects, milestones... to a world: `mock.seed`. */
export class Seeder {
  /** Set while a builder runs all or nothing: the builders it calls for nested records run inside it. */
  #inside = false;

  /**
   * @internal `exact`: the document is an export (it has a `version`), so nothing is added that
   * it does not list (no default `All Members` rule) and pushes are history, not applied again.
   */
  constructor(
    private readonly world: World,
    private readonly exact = false,
    /** @internal The input comes from a parsed seed document, so its shape is checked already. */
    private readonly parsed = false,
  ) {}

  /**
   * Throws a {@link SeedError} naming the first field of `input` that does not have the shape the
   * seed document gives the same record. From JavaScript `mock.seed.*` gets no help from the types,
   * and a missing or mistyped field would otherwise reach the world (and come back as `null` from
   * the API).
   */
  #checkShape(schema: z.ZodType, input: unknown): void {
    if (!this.parsed) parseSeed(schema, input);
  }

  /**
   * Runs a builder whose input lists nested records (a project's milestones, a merge request's
   * approvals...) all or nothing: when one of them is refused, the world is put back as it was.
   * Only then is the world copied first; a parsed document needs none of it (a document that
   * fails is loaded into a world that is thrown away).
   */
  #allOrNothing<T>(input: object, nested: readonly string[], build: () => T): T {
    const lists = nested.some((key) => ((input as Record<string, unknown[] | undefined>)[key]?.length ?? 0) > 0);
    if (this.parsed || this.#inside || !lists) return build();
    const before = structuredClone(this.world);
    this.#inside = true;
    try {
      return build();
    } catch (error) {
      Object.assign(this.world, before);
      throw error;
    } finally {
      this.#inside = false;
    }
  }

  /** Instance settings: offering, licence plan, token expiry, feature flags, approval settings. */
  instance(input: SeedInstance): void {
    this.#checkShape(SeedInstance, input);
    Object.assign(this.world.instance, {
      ...input,
      feature_flags: input.feature_flags ?? this.world.instance.feature_flags,
      approval_settings: { ...this.world.instance.approval_settings, ...input.approval_settings },
    });
  }

  /** A user with a personal token (scopes default `api`); returns the token value to call the API with. */
  user(input: SeedUser): SeededUser {
    this.#checkShape(SeedUser, input);
    if (userNamed(this.world, input.username)) throw new SeedError('username', 'already taken');
    if (input.token && this.world.tokenIds.has(input.token))
      throw new SeedError('token', 'already used by another token');
    const exact = input.personal_token;
    // Checked before the user is stored: a refused token must not leave a user without one.
    if (exact?.id !== undefined && this.world.tokens.has(exact.id)) {
      throw new SeedError('personal_token.id', 'already taken');
    }
    const user: User = withId(this.world, 'users', this.world.users, input.id, () => ({
      id: nextId(this.world, 'users'),
      username: input.username,
      name: input.name ?? input.username,
      email: input.email ?? `${input.username}@example.com`,
      state: input.state ?? 'active',
      admin: input.admin ?? false,
      bot: input.bot ?? false,
      ...(input.ghost ? { ghost: true } : {}),
      password: input.password ?? 'password',
      created_at: isoOrUndefined(input.created_at) ?? nowIso(this.world),
      ...userExtras(this.world, input),
    }));
    // Checked before the user is stored: a refused key or token must not leave a user behind.
    const keys = (input.ssh_keys ?? []).map((k, i) => {
      const { errors } = keyErrors(this.world, { title: k.title, key: k.key });
      if (Object.keys(errors).length > 0) throw new SeedError(`ssh_keys[${i}].key`, JSON.stringify(errors));
      if (k.id !== undefined && this.world.sshKeys.has(k.id)) throw new SeedError(`ssh_keys[${i}].id`, 'already taken');
      return k;
    });
    for (const [i, t] of (input.personal_access_tokens ?? []).entries()) {
      if (t.token && this.world.tokenIds.has(t.token)) {
        throw new SeedError(`personal_access_tokens[${i}].token`, 'already used by another token');
      }
      if (t.id !== undefined && this.world.tokens.has(t.id)) {
        throw new SeedError(`personal_access_tokens[${i}].id`, 'already taken');
      }
    }
    addUser(this.world, user);
    for (const k of keys) {
      addSshKey(this.world, user, {
        id: k.id,
        title: k.title,
        key: k.key,
        usageType: k.usage_type,
        createdAt: isoOrUndefined(k.created_at),
        // Loaded as it was: an expired key of an export stays.
        expiresAt: undefined,
      }).expires_at = k.expires_at ? new Date(k.expires_at).toISOString() : null;
      if (k.id !== undefined) this.world.lastId.sshKeys = Math.max(this.world.lastId.sshKeys ?? 0, k.id);
    }
    this.#extraTokens(user, input.personal_access_tokens ?? []);
    const seeded = { id: user.id, username: user.username, name: user.name, admin: user.admin, token: '' };
    if (exact === null) return seeded;
    const token = withId(this.world, 'tokens', this.world.tokens, exact?.id, () =>
      issuePersonalToken(this.world, user, { value: input.token, scopes: input.scopes, name: exact?.name }),
    );
    if (exact?.created_at) token.created_at = new Date(exact.created_at).toISOString();
    if (exact?.expires_at !== undefined) token.expires_at = exact.expires_at;
    if (exact?.last_used_at) {
      touchToken(this.world, token);
      token.last_used_at = new Date(exact.last_used_at).toISOString();
    }
    if (exact?.revoked) revokeToken(this.world, token);
    return { ...seeded, token: token.value };
  }

  /** A user's personal access tokens beyond the first (`personal_access_tokens`), impersonation tokens too. */
  #extraTokens(user: User, inputs: NonNullable<SeedUser['personal_access_tokens']>): void {
    for (const input of inputs) {
      const token = withId(this.world, 'tokens', this.world.tokens, input.id, () =>
        issuePersonalToken(this.world, user, { value: input.token, scopes: input.scopes, name: input.name }),
      );
      token.description = input.description ?? null;
      if (input.impersonation) token.impersonation = true;
      if (input.created_at) token.created_at = new Date(input.created_at).toISOString();
      if (input.expires_at !== undefined) token.expires_at = input.expires_at;
      if (input.rotated_from !== undefined) token.previous_id = input.rotated_from;
      if (input.last_used_at) {
        touchToken(this.world, token);
        token.last_used_at = new Date(input.last_used_at).toISOString();
      }
      if (input.revoked) revokeToken(this.world, token);
    }
  }

  /** A group by full path; a subgroup's parent must exist and be at least as visible. */
  group(input: SeedGroup): Group {
    this.#checkShape(SeedGroup, input);
    return this.#allOrNothing(input, NESTED.group, () => this.#group(input));
  }

  #group(input: SeedGroup): Group {
    if (groupByPath(this.world, input.path) || projectByPath(this.world, input.path))
      throw new SeedError('path', 'already taken');
    const parentFull = parentPath(input.path);
    const parent = parentFull ? groupByPath(this.world, parentFull) : undefined;
    if (parentFull && !parent) throw new SeedError('path', `parent group ${parentFull} does not exist`);
    const visibility = input.visibility ?? 'private';
    if (parent && VISIBILITY_RANK[visibility] > VISIBILITY_RANK[parent.visibility]) {
      throw new SeedError('visibility', `a subgroup cannot be more visible than its parent (${parent.visibility})`);
    }
    const members = membersOf(this.world, input.members);
    const path = input.path.split('/').at(-1) as string;
    const group: Group = withId(this.world, 'groups', this.world.groups, input.id, () => ({
      id: nextId(this.world, 'groups'),
      name: input.name ?? path,
      path,
      full_path: input.path,
      description: input.description ?? '',
      parent_id: parent?.id ?? null,
      visibility,
      plan: input.plan ?? 'free',
      saml_scim: input.saml_scim ?? false,
      created_at: isoOrUndefined(input.created_at) ?? nowIso(this.world),
      members,
      approval_settings: { ...input.approval_settings },
      enforced_sso: input.enforced_sso ?? false,
      next_iid: { milestone: 1 },
      ...(input.project_creation_level !== undefined && { project_creation_level: input.project_creation_level }),
      ...(input.subgroup_creation_level !== undefined && { subgroup_creation_level: input.subgroup_creation_level }),
      ...(input.share_with_group_lock !== undefined && { share_with_group_lock: input.share_with_group_lock }),
      ...(input.request_access_enabled !== undefined && { request_access_enabled: input.request_access_enabled }),
      ...(input.settings && Object.keys(input.settings).length > 0 && { settings: { ...input.settings } }),
    }));
    this.world.groups.set(group.id, group);
    membershipDetailsOf(this.world, group, input.members);
    eachWithin('milestones', input.milestones, (item) => this.groupMilestone(group, item));
    eachWithin('labels', input.labels, (item) => this.groupLabel(group, item));
    addProtectedBranches(this.world, { project_id: null, group_id: group.id }, input.protected_branches);
    eachWithin('approval_rules', input.approval_rules, (item) => this.groupApprovalRule(group, item));
    eachWithin('hooks', input.hooks, (item) => this.groupHook(group, item));
    eachWithin('access_tokens', input.access_tokens, (item) => this.accessToken(group, item));
    if (input.next_iid) group.next_iid = { ...input.next_iid };
    if (input.marked_for_deletion_on !== undefined) {
      group.marked_for_deletion_on = input.marked_for_deletion_on;
      group.marked_for_deletion_by = deletingUser(this.world, input.marked_for_deletion_by);
    }
    return group;
  }

  /** A milestone of a group (listed by projects with `include_ancestors`). */
  groupMilestone(group: Group, input: SeedMilestone): Milestone {
    this.#checkShape(SeedMilestone, input);
    const title = sanitizeTitle(input.title);
    if (milestoneTitledInScope(this.world, group, title) !== undefined) throw new SeedError('title', 'already taken');
    const counters = iidCounter(group.next_iid, input.iid);
    return withId(this.world, 'milestones', this.world.milestones, input.id, () =>
      insertMilestone(this.world, { project_id: null, group_id: group.id }, counters, {
        title,
        description: input.description ?? null,
        start_date: input.start_date ?? null,
        due_date: input.due_date ?? null,
        state: input.state,
        created_at: isoOrUndefined(input.created_at),
        updated_at: isoOrUndefined(input.updated_at),
      }),
    );
  }

  /** A project by full path, in a group or in a user's personal namespace, with everything in it. */
  project(input: SeedProject): Project {
    this.#checkShape(SeedProject, input);
    return this.#allOrNothing(input, NESTED.project, () => this.#project(input));
  }

  #project(input: SeedProject): Project {
    if (projectByPath(this.world, input.path) || groupByPath(this.world, input.path))
      throw new SeedError('path', 'already taken');
    const namespacePath = parentPath(input.path);
    const group = groupByPath(this.world, namespacePath);
    const owner = group ? undefined : [...this.world.users.values()].find((u) => u.username === namespacePath);
    if (!group && !owner) throw new SeedError('path', `no group or user named ${namespacePath}`);
    const visibility = input.visibility ?? 'private';
    if (group && VISIBILITY_RANK[visibility] > VISIBILITY_RANK[group.visibility]) {
      throw new SeedError('visibility', `a project cannot be more visible than its group (${group.visibility})`);
    }
    const members = membersOf(this.world, input.members);
    const creator = input.creator == null ? input.creator : userByName(this.world, input.creator, 'creator');
    const path = input.path.split('/').at(-1) as string;
    const approvalSettings = projectSettingsFromSeed(input.approval_settings);
    if (settingsConflict(approvalSettings)) {
      throw new SeedError('approval_settings', 'selective_code_owner_removals needs retain_approvals_on_push');
    }
    const project: Project = withId(this.world, 'projects', this.world.projects, input.id, () => ({
      id: nextId(this.world, 'projects'),
      name: input.name ?? path,
      path,
      path_with_namespace: input.path,
      description: input.description ?? '',
      namespace: group ? { kind: 'group', id: group.id } : { kind: 'user', id: (owner as User).id },
      visibility,
      created_at: isoOrUndefined(input.created_at) ?? nowIso(this.world),
      members,
      approval_settings: approvalSettings,
      approvals_before_merge: input.approvals_before_merge ?? 0,
      next_iid: { milestone: 1, issue: 1, merge_request: 1 },
      default_branch: input.default_branch ?? 'main',
      branches: new Map(),
      archived: input.archived ?? false,
      ...(input.settings && Object.keys(input.settings).length > 0 && { settings: { ...input.settings } }),
      ...(creator !== undefined && { creator_id: creator === null ? null : creator.id }),
      ...(input.marked_for_deletion_at === undefined
        ? {}
        : {
            marked_for_deletion_at: input.marked_for_deletion_at,
            marked_for_deletion_by: deletingUser(this.world, input.marked_for_deletion_by),
          }),
      ...(input.topics && input.topics.length > 0 && { topics: [...input.topics] }),
      ...(input.readme_path !== undefined && { readme_path: input.readme_path }),
      ...(input.repository_object_format !== undefined && { repository_object_format: input.repository_object_format }),
    }));
    for (const item of input.branches ?? []) {
      if (typeof item === 'string') ensureBranch(project, item);
      else ensureBranch(project, item.name, item.sha);
    }
    // An export lists every branch: none is an empty repository (a project created without a README).
    if (!this.exact || input.branches === undefined) ensureBranch(project, project.default_branch);
    this.world.projects.set(project.id, project);
    membershipDetailsOf(this.world, project, input.members);
    eachWithin('milestones', input.milestones, (item) => this.milestone(project, item));
    eachWithin('labels', input.labels, (item) => this.projectLabel(project, item));
    this.#groupLabelPriorities(project, input.group_label_priorities ?? {});
    eachWithin('issues', input.issues, (item) => this.issue(project, item));
    eachWithin('hooks', input.hooks, (item) => this.projectHook(project, item));
    addProtectedBranches(this.world, { project_id: project.id, group_id: null }, input.protected_branches);
    // Every protected branch name that is not a wildcard exists (an export lists its branches itself).
    if (!this.exact)
      for (const b of projectBranches(this.world, project)) if (!b.name.includes('*')) ensureBranch(project, b.name);
    eachWithin('approval_rules', input.approval_rules, (item) => this.approvalRule(project, item));
    if (!this.exact && !input.approval_rules?.some((rule) => rule.rule_type === 'any_approver')) {
      this.approvalRule(project, { name: 'All Members', rule_type: 'any_approver', approvals_required: 0 });
    }
    eachWithin('merge_requests', input.merge_requests, (item) => this.mergeRequest(project, item));
    eachWithin('access_tokens', input.access_tokens, (item) => this.accessToken(project, item));
    eachWithin('shared_with_groups', input.shared_with_groups, (item) => this.projectShare(project, item));
    if (input.next_iid) project.next_iid = { ...input.next_iid };
    return project;
  }

  /**
   * The shares of a group with the groups `input.shared_with_groups` names. A document adds them
   * after all its groups, so a share may name a group that comes later.
   */
  groupShares(input: SeedGroup): void {
    this.#checkShape(SeedGroup, input);
    const group = groupByPath(this.world, input.path);
    if (!group) throw new SeedError('path', 'unknown group');
    eachWithin('shared_with_groups', input.shared_with_groups, (item) => {
      const invited = groupByPath(this.world, item.group);
      if (!invited) throw new SeedError('group', 'unknown group');
      if (
        [...this.world.groupShares.values()].some(
          (l) => l.shared_group_id === group.id && l.shared_with_group_id === invited.id,
        )
      ) {
        throw new SeedError('group', 'already shared with this group');
      }
      const link: GroupShare = withId(this.world, 'group_shares', this.world.groupShares, item.id, () => ({
        id: nextId(this.world, 'group_shares'),
        shared_group_id: group.id,
        shared_with_group_id: invited.id,
        group_access: item.group_access,
        expires_at: item.expires_at ?? null,
        created_at: isoOrUndefined(item.created_at) ?? nowIso(this.world),
      }));
      this.world.groupShares.set(link.id, link);
    });
  }

  /** A project's share with a group (never its own group or one of its ancestors, as GitLab validates). */
  projectShare(project: Project, input: NonNullable<SeedProject['shared_with_groups']>[number]): ProjectShare {
    const invited = groupByPath(this.world, input.group);
    if (!invited) throw new SeedError('group', 'unknown group');
    const own = project.namespace.kind === 'group' ? this.world.groups.get(project.namespace.id) : undefined;
    if (own && groupChain(this.world, own).includes(invited)) {
      throw new SeedError('group', "the project's own group or one of its ancestors");
    }
    if ([...this.world.projectShares.values()].some((l) => l.project_id === project.id && l.group_id === invited.id)) {
      throw new SeedError('group', 'already shared with this group');
    }
    const link: ProjectShare = withId(this.world, 'project_shares', this.world.projectShares, input.id, () => ({
      id: nextId(this.world, 'project_shares'),
      project_id: project.id,
      group_id: invited.id,
      group_access: input.group_access,
      expires_at: input.expires_at ?? null,
      created_at: isoOrUndefined(input.created_at) ?? nowIso(this.world),
    }));
    this.world.projectShares.set(link.id, link);
    return link;
  }

  /** A project's own label; its name must be free among the labels the project can use (its groups' too). */
  projectLabel(project: Project, input: SeedLabel): Label {
    return this.#label({ project }, input);
  }

  /** A group label (no priority: GitLab keeps priorities per project); its name must be free in the group. */
  groupLabel(group: Group, input: SeedLabel): Label {
    return this.#label({ group }, input);
  }

  /** The priorities a project gives its groups' labels, by title: each a group label the project can use. */
  #groupLabelPriorities(project: Project, priorities: Record<string, number>): void {
    for (const [title, priority] of Object.entries(priorities)) {
      const label = projectLabels(this.world, project).find((l) => l.title === title && l.group_id !== null);
      if (!label) throw new SeedError('group_label_priorities', `no label ${title} of the project's groups`);
      label.priorities.set(project.id, priority);
    }
  }

  #label(owner: LabelOwner, input: SeedLabel): Label {
    this.#checkShape(SeedLabel, input);
    const title = input.name.trim();
    if (!title || title.includes(',')) throw new SeedError('name', 'is invalid');
    const color = normalizeColor(input.color ?? DEFAULT_LABEL_COLOR);
    if (!color) throw new SeedError('color', 'must be a valid color code');
    if ('group' in owner && input.priority !== undefined) {
      throw new SeedError('priority', 'group labels have no priority (priorities are per project)');
    }
    const taken =
      'project' in owner
        ? projectLabels(this.world, owner.project)
        : [...this.world.labels.values()].filter((l) => l.group_id === owner.group.id);
    if (taken.some((l) => l.title === title)) throw new SeedError('name', 'already taken');
    const label = withId(this.world, 'labels', this.world.labels, input.id, () =>
      insertLabel(this.world, owner, {
        title,
        color,
        description: input.description ?? null,
        priority: input.priority ?? null,
      }),
    );
    label.updated_at = isoOrUndefined(input.updated_at) ?? label.updated_at;
    return label;
  }

  /** A project webhook; its URL is checked as the API checks it (local addresses need the instance's permission). */
  projectHook(project: Project, input: SeedProjectHook): ProjectHook {
    this.#checkShape(SeedProjectHook, input);
    this.#checkHookUrl(input.url, input.url_variables);
    return withId(this.world, 'webHooks', this.world.projectHooks, input.id, () =>
      insertProjectHook(this.world, project, input, isoOrUndefined(input.created_at) ?? nowIso(this.world)),
    );
  }

  /** A group webhook; its URL is checked as the API checks it (the plan is not: a seed may hold what an API refuses). */
  groupHook(group: Group, input: SeedGroupHook): GroupHook {
    this.#checkShape(SeedGroupHook, input);
    this.#checkHookUrl(input.url, input.url_variables);
    return withId(this.world, 'webHooks', this.world.groupHooks, input.id, () =>
      insertGroupHook(this.world, group, input, isoOrUndefined(input.created_at) ?? nowIso(this.world)),
    );
  }

  /** A system hook; its URL is checked as the API checks it. */
  systemHook(input: SeedSystemHook): SystemHook {
    this.#checkShape(SeedSystemHook, input);
    this.#checkHookUrl(input.url, input.url_variables);
    return withId(this.world, 'webHooks', this.world.systemHooks, input.id, () =>
      insertSystemHook(this.world, input, isoOrUndefined(input.created_at) ?? nowIso(this.world)),
    );
  }

  /**
   * The URL as it will be called: with `url_variables`, its `{name}` placeholders filled in, each
   * one given; without them, the URL as written (a seed from before variables loads as it did).
   */
  #checkHookUrl(url: string, variables?: Record<string, string>): void {
    const called = variables === undefined ? url : interpolateUrl(url, variables);
    if (called === undefined)
      throw new SeedError('url', 'Invalid URL template: a {name} without its url_variables entry');
    const refusal = hookUrlRefusal(this.world, called);
    if (refusal) throw new SeedError('url', refusal);
  }

  /** A project milestone, validated as the API validates it. */
  milestone(project: Project, input: SeedMilestone): Milestone {
    this.#checkShape(SeedMilestone, input);
    const fields = {
      title: sanitizeTitle(input.title),
      start_date: input.start_date ?? null,
      due_date: input.due_date ?? null,
    };
    const { title, ...others } = milestoneErrors(this.world, project, fields);
    // An export's titles are as the API left them: a promotion to a group keeps the same title in
    // its subgroups' projects. Only a title taken in the project itself is wrong there.
    const takenHere = milestoneIdByTitle(
      this.world,
      ownerKey({ project_id: project.id, group_id: null }),
      fields.title,
    );
    const titleErrors = !this.exact ? title : takenHere !== undefined ? ['already taken in this project'] : undefined;
    const [key, messages] = Object.entries(titleErrors ? { title: titleErrors, ...others } : others)[0] ?? [];
    if (key) throw new SeedError(key, messages?.join(', ') ?? 'invalid');
    const counters = iidCounter(project.next_iid, input.iid);
    return withId(this.world, 'milestones', this.world.milestones, input.id, () =>
      insertMilestone(this.world, { project_id: project.id, group_id: null }, counters, {
        ...fields,
        description: input.description ?? null,
        state: input.state,
        created_at: isoOrUndefined(input.created_at),
        updated_at: isoOrUndefined(input.updated_at),
      }),
    );
  }

  /** An issue; its state is that of its last event. Author default: the first user of the this.world. */
  issue(project: Project, input: SeedIssue): Issue {
    this.#checkShape(SeedIssue, input);
    const author = input.author ? userByName(this.world, input.author, 'author') : [...this.world.users.values()][0];
    if (!author) throw new SeedError('author', 'the this.world has no users');
    const assignees = (input.assignees ?? []).map((name, i) => userByName(this.world, name, `assignees[${i}]`).id);
    const milestoneId = input.milestone ? milestoneIn(this.world, project, input.milestone, 'milestone') : null;
    const createdAt = isoOrUndefined(input.created_at) ?? nowIso(this.world);
    const events = (input.events ?? [])
      .map((e) => ({ action: e.action, at: new Date(e.at).toISOString() }))
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    if (events.some((e) => e.at < createdAt)) throw new SeedError('events', 'an event cannot come before created_at');
    const lastClose = events.filter((e) => e.action === 'closed').at(-1);
    const closed = events.at(-1)?.action === 'closed';
    const closedBy =
      input.closed_by === undefined
        ? closed
          ? author.id
          : null
        : input.closed_by === null
          ? null
          : userByName(this.world, input.closed_by, 'closed_by').id;
    const issue: Issue = withId(this.world, 'issues', this.world.issues, input.id, () => ({
      id: nextId(this.world, 'issues'),
      iid: input.iid ?? project.next_iid.issue++,
      project_id: project.id,
      title: input.title,
      description: input.description ?? null,
      state: closed ? 'closed' : 'opened',
      author_id: author.id,
      assignee_ids: assignees,
      milestone_id: milestoneId,
      weight: input.weight ?? null,
      confidential: input.confidential ?? false,
      labels: input.labels ?? [],
      created_at: createdAt,
      updated_at: isoOrUndefined(input.updated_at) ?? events.at(-1)?.at ?? createdAt,
      closed_at:
        input.closed_at !== undefined
          ? (isoOrUndefined(input.closed_at ?? undefined) ?? null)
          : closed
            ? (lastClose?.at ?? null)
            : null,
      closed_by_id: closedBy,
      events,
    }));
    this.world.issues.set(issue.id, issue);
    // An explicit iid moves the counter past it, so that issues opened later through the API do not reuse it.
    project.next_iid.issue = Math.max(project.next_iid.issue, issue.iid + 1);
    return issue;
  }

  /** A merge request with its author, committers and head sha. */
  mergeRequest(project: Project, input: SeedMergeRequest): MergeRequest {
    this.#checkShape(SeedMergeRequest, input);
    return this.#allOrNothing(input, NESTED.mergeRequest, () => this.#mergeRequest(project, input));
  }

  #mergeRequest(project: Project, input: SeedMergeRequest): MergeRequest {
    const author = userByName(this.world, input.author, 'author');
    const committers = (input.committers ?? []).map((name, i) => userByName(this.world, name, `committers[${i}]`).id);
    const milestoneId = input.milestone ? milestoneIn(this.world, project, input.milestone, 'milestone') : null;
    const iid = input.iid ?? project.next_iid.merge_request;
    if ([...this.world.mergeRequests.values()].some((mr) => mr.project_id === project.id && mr.iid === iid)) {
      throw new SeedError('iid', 'already taken');
    }
    const createdAt = isoOrUndefined(input.created_at) ?? nowIso(this.world);
    const mr: MergeRequest = withId(this.world, 'merge_requests', this.world.mergeRequests, input.id, () => ({
      id: nextId(this.world, 'merge_requests'),
      iid,
      project_id: project.id,
      title: input.draft === undefined ? input.title : draftTitle(input.title, input.draft),
      description: input.description ?? null,
      state: input.state ?? 'opened',
      author_id: author.id,
      committer_ids: committers,
      sha: input.sha ?? randomString(this.world, '0123456789abcdef', 40),
      source_branch: input.source_branch ?? `feature-${iid}`,
      target_branch: input.target_branch ?? 'main',
      milestone_id: milestoneId,
      created_at: createdAt,
      updated_at: isoOrUndefined(input.updated_at) ?? createdAt,
      pushes: [],
      ...this.#mergeRequestExtras(input),
    }));
    // A merged or closed one was merged or closed by someone, when it last changed (GitLab's
    // `merge_request_metrics.merged_by_id` / `latest_closed_by_id`): its author unless the document says.
    if (!this.exact && mr.state === 'merged') {
      if (input.merged_by === undefined) mr.merged_by_id = author.id;
      if (input.merged_at === undefined) mr.merged_at = mr.updated_at;
    }
    if (!this.exact && mr.state === 'closed') {
      if (input.closed_by === undefined) mr.closed_by_id = author.id;
      if (input.closed_at === undefined) mr.closed_at = mr.updated_at;
    }
    this.world.mergeRequests.set(mr.id, mr);
    // Its branches exist: the source at its head (an export lists its branches itself).
    if (!this.exact) {
      ensureBranch(project, mr.source_branch, mr.sha);
      ensureBranch(project, mr.target_branch);
    }
    // Its latest diff starts at the target's head (GitLab's `start_commit_sha`), unless the document says where.
    const start = input.diff_start_sha ?? project.branches.get(mr.target_branch);
    if (start !== undefined) mr.diff_start_sha = start;
    project.next_iid.merge_request = Math.max(project.next_iid.merge_request, iid + 1);
    eachWithin('approval_rules', input.approval_rules, (item) => this.mergeRequestApprovalRule(mr, item));
    // An export's merge request is already as its pushes left it (head, committers, approvals): they are history.
    if (this.exact) eachWithin('pushes', input.pushes, (item) => this.recordPush(mr, item));
    else eachWithin('pushes', input.pushes, (item) => this.push(mr, item));
    eachWithin('approvals', input.approvals, (item) =>
      typeof item === 'string' ? this.approval(mr, item) : this.approval(mr, item.user, item),
    );
    // Review states: the document's, else `approved` for a reviewer who approved it (GitLab's `set_reviewers_approved`).
    reviewersChanged(this.world, mr, []);
    (input.reviewers ?? []).forEach((item, i) => {
      if (typeof item !== 'string') mr.reviewer_states[mr.reviewer_ids[i] as number] = item.state;
    });
    return mr;
  }

  /** The optional keys of a seeded merge request (assignees, labels, merge and close records...), GitLab's defaults when absent. */
  #mergeRequestExtras(input: SeedMergeRequest) {
    const user = (name: string | null | undefined, key: string) =>
      name == null ? null : userByName(this.world, name, key).id;
    return {
      assignee_ids: (input.assignees ?? []).map((name, i) => userByName(this.world, name, `assignees[${i}]`).id),
      reviewer_ids: (input.reviewers ?? []).map(
        (item, i) => userByName(this.world, typeof item === 'string' ? item : item.user, `reviewers[${i}]`).id,
      ),
      reviewer_states: {},
      labels: [...(input.labels ?? [])],
      has_conflicts: input.has_conflicts ?? false,
      merged_at: isoOrUndefined(input.merged_at ?? undefined) ?? null,
      merged_by_id: user(input.merged_by, 'merged_by'),
      closed_at: isoOrUndefined(input.closed_at ?? undefined) ?? null,
      closed_by_id: user(input.closed_by, 'closed_by'),
      merge_commit_sha: input.merge_commit_sha ?? null,
      ...(input.squash_commit_sha !== undefined && { squash_commit_sha: input.squash_commit_sha }),
      ...(input.merge_after !== undefined && { merge_after: isoOrUndefined(input.merge_after) }),
      ...(input.should_remove_source_branch !== undefined && {
        should_remove_source_branch: input.should_remove_source_branch,
      }),
      discussion_locked: input.discussion_locked ?? null,
      force_remove_source_branch: input.remove_source_branch ?? false,
      squash: input.squash ?? false,
    };
  }

  /** A project or group access token and its bot user (access level default 40; expiry default as the instance requires). */
  accessToken(resource: Project | Group, input: SeedAccessToken): SeededAccessToken {
    this.#checkShape(SeedAccessToken, input);
    if (input.token && this.world.tokenIds.has(input.token))
      throw new SeedError('token', 'already used by another token');
    const bot = input.user === undefined ? undefined : userByName(this.world, input.user, 'user');
    if (bot && !bot.bot) throw new SeedError('user', 'not a bot user');
    const previous = input.rotated_from === undefined ? undefined : this.world.tokens.get(input.rotated_from);
    const resourceKey = 'full_path' in resource ? `g${resource.id}` : `p${resource.id}`;
    if (input.rotated_from !== undefined && (!previous || tokenResourceKey(previous) !== resourceKey)) {
      throw new SeedError('rotated_from', 'not an earlier access token of this project or group');
    }
    const expiresAt = input.expires_at !== undefined ? input.expires_at : defaultTokenExpiry(this.world);
    const token = withId(this.world, 'tokens', this.world.tokens, input.id, () =>
      issueResourceAccessToken(this.world, resource, {
        name: input.name,
        description: input.description,
        scopes: input.scopes,
        accessLevel: (input.access_level ?? 40) as Role,
        expiresAt,
        value: input.token,
        createdAt: isoOrUndefined(input.created_at),
        bot,
      }),
    );
    token.previous_id = previous?.id ?? null;
    if (input.last_used_at) {
      touchToken(this.world, token);
      token.last_used_at = new Date(input.last_used_at).toISOString();
    }
    for (const field of [
      'seven_days_notification_sent_at',
      'thirty_days_notification_sent_at',
      'sixty_days_notification_sent_at',
    ] as const) {
      const at = input[field];
      if (at) token[field] = new Date(at).toISOString();
    }
    if (input.revoked) revokeToken(this.world, token);
    return { id: token.id, name: token.name, user_id: token.user_id, token: token.value };
  }

  /** An instance OAuth application; `application_id` and `secret` are made up when absent. */
  application(input: SeedApplication): Application {
    this.#checkShape(SeedApplication, input);
    const app: Application = withId(this.world, 'applications', this.world.applications, input.id, () => ({
      id: nextId(this.world, 'applications'),
      application_id: input.application_id ?? newHex64(this.world),
      name: input.name,
      redirect_uri: input.redirect_uri,
      scopes: splitScopes(input.scopes),
      confidential: input.confidential ?? true,
      secret: input.secret ?? newApplicationSecret(this.world),
      trusted: input.trusted ?? false,
    }));
    this.world.applications.set(app.id, app);
    return app;
  }

  /** A SCIM identity linking a user to a group's identity provider. */
  scimIdentity(input: SeedScimIdentity): ScimIdentity {
    this.#checkShape(SeedScimIdentity, input);
    const group = groupByPath(this.world, input.group);
    if (!group) throw new SeedError('group', 'unknown group');
    const user = userByName(this.world, input.user, 'user');
    if (
      [...this.world.scimIdentities.values()].some((s) => s.group_id === group.id && s.extern_uid === input.extern_uid)
    ) {
      throw new SeedError('extern_uid', 'already taken in this group');
    }
    const identity: ScimIdentity = withId(this.world, 'scim_identities', this.world.scimIdentities, input.id, () => ({
      id: nextId(this.world, 'scim_identities'),
      group_id: group.id,
      user_id: user.id,
      extern_uid: input.extern_uid,
      active: input.active ?? true,
    }));
    this.world.scimIdentities.set(identity.id, identity);
    return identity;
  }

  /** An activity event, as an export writes it: the project or group by full path, the author by username. */
  event(input: SeedEvent): Event {
    this.#checkShape(SeedEvent, input);
    const project = input.project === undefined ? undefined : projectByPath(this.world, input.project);
    if (input.project !== undefined && !project) throw new SeedError('project', 'unknown project');
    const group = input.group === undefined ? undefined : groupByPath(this.world, input.group);
    if (input.group !== undefined && !group) throw new SeedError('group', 'unknown group');
    if (!project && !group) throw new SeedError('project', 'an event needs a project or a group');
    const author = userByName(this.world, input.author, 'author');
    const event: Event = withId(this.world, 'events', this.world.events, input.id, () => ({
      id: nextId(this.world, 'events'),
      project_id: project?.id ?? null,
      group_id: group?.id ?? null,
      author_id: author.id,
      action: input.action,
      target_type: input.target_type ?? null,
      target_id: input.target_id ?? null,
      target_iid: input.target_iid ?? null,
      target_title: input.target_title ?? null,
      created_at: isoOrUndefined(input.created_at) ?? nowIso(this.world),
    }));
    this.world.events.set(event.id, event);
    return event;
  }

  /**
   * A subscription (or an explicit unsubscription), as an export writes it: the user by username, the
   * label, issue or merge request by id, the project by full path.
   */
  subscription(input: SeedSubscription): Subscription {
    this.#checkShape(SeedSubscription, input);
    const user = userByName(this.world, input.user, 'user');
    const table = { Label: this.world.labels, Issue: this.world.issues, MergeRequest: this.world.mergeRequests }[
      input.subscribable_type
    ];
    if (!table.has(input.subscribable_id)) throw new SeedError('subscribable_id', `unknown ${input.subscribable_type}`);
    const project = input.project === undefined ? undefined : projectByPath(this.world, input.project);
    if (input.project !== undefined && !project) throw new SeedError('project', 'unknown project');
    const subscription: Subscription = withId(this.world, 'subscriptions', this.world.subscriptions, input.id, () => ({
      id: nextId(this.world, 'subscriptions'),
      user_id: user.id,
      subscribable_type: input.subscribable_type,
      subscribable_id: input.subscribable_id,
      project_id: project?.id ?? null,
      subscribed: input.subscribed ?? true,
    }));
    this.world.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** A project approval rule: users by username, groups by full path, protected branches by name. */
  approvalRule(project: Project, input: SeedApprovalRule): ProjectApprovalRule {
    this.#checkShape(SeedApprovalRule, input);
    const fields = ruleFields(this.world, { kind: 'project', project }, input);
    const branchIds = branchIdsNamed(projectBranches(this.world, project), input.protected_branches);
    return withId(this.world, 'approval_project_rules', this.world.projectApprovalRules, input.id, () =>
      insertProjectRule(this.world, {
        project_id: project.id,
        ...fields,
        applies_to_all_protected_branches: input.applies_to_all_protected_branches ?? false,
        protected_branch_ids: input.applies_to_all_protected_branches ? [] : branchIds,
      }),
    );
  }

  /** A group approval rule; it applies to the protected branches of the group's projects. */
  groupApprovalRule(group: Group, input: SeedApprovalRule): GroupApprovalRule {
    this.#checkShape(SeedApprovalRule, input);
    const fields = ruleFields(this.world, { kind: 'group', group }, input);
    const branchIds = branchIdsNamed(groupBranches(this.world, group), input.protected_branches);
    return withId(this.world, 'approval_group_rules', this.world.groupApprovalRules, input.id, () =>
      insertGroupRule(this.world, {
        group_id: group.id,
        ...fields,
        applies_to_all_protected_branches: input.applies_to_all_protected_branches ?? branchIds.length === 0,
        protected_branch_ids: branchIds,
      }),
    );
  }

  /** A merge request's own approval rule; `source_rule` names the project rule it was copied from. */
  mergeRequestApprovalRule(mr: MergeRequest, input: SeedMergeRequestApprovalRule): MergeRequestApprovalRule {
    this.#checkShape(SeedMergeRequestApprovalRule, input);
    const project = this.world.projects.get(mr.project_id) as Project;
    const source = input.source_rule
      ? projectRules(this.world, project).find((rule) => rule.name === input.source_rule)
      : undefined;
    if (input.source_rule && !source) throw new SeedError('source_rule', 'unknown project rule');
    const scope: RuleScope = { kind: 'merge_request', project, mergeRequest: mr };
    const fields = ruleFields(this.world, scope, input);
    if (source && input.users === undefined) fields.user_ids = [...source.user_ids];
    if (source && input.groups === undefined) fields.group_ids = [...source.group_ids];
    return withId(this.world, 'approval_merge_request_rules', this.world.mergeRequestApprovalRules, input.id, () =>
      insertMergeRequestRule(this.world, {
        merge_request_id: mr.id,
        source_rule_id: source?.id ?? input.source_rule_id ?? null,
        ...fields,
        modified_from_project_rule: input.modified_from_project_rule ?? false,
        created_at: isoOrUndefined(input.created_at) ?? mr.created_at,
        updated_at: isoOrUndefined(input.updated_at ?? input.created_at) ?? mr.created_at,
      }),
    );
  }

  /** An approval of a merge request by a user, at the world clock's time (or `exact.created_at`); a user approves once. */
  approval(mr: MergeRequest, username: string, exact: { id?: number; created_at?: string } = {}): Approval {
    const user = userByName(this.world, username, '');
    if ([...this.world.approvals.values()].some((a) => a.merge_request_id === mr.id && a.user_id === user.id)) {
      throw new SeedError('', 'already approved');
    }
    const approval: Approval = withId(this.world, 'approvals', this.world.approvals, exact.id, () => ({
      id: nextId(this.world, 'approvals'),
      merge_request_id: mr.id,
      user_id: user.id,
      created_at: isoOrUndefined(exact.created_at) ?? nowIso(this.world),
    }));
    this.world.approvals.set(approval.id, approval);
    return approval;
  }

  /**
   * A push to a merge request's source branch, as GitLab's MergeRequests::RefreshService handles
   * it: the head moves to `sha` (made up when absent), the pusher becomes a committer, and
   * approvals are reset as the project's settings say. Only an open merge request takes pushes.
   */
  push(mr: MergeRequest, input: SeedPush): Push {
    this.#checkShape(SeedPush, input);
    const author = userByName(this.world, input.author, 'author');
    const sha = input.sha ?? randomString(this.world, '0123456789abcdef', 40);
    const refusal = pushRefusal(mr, sha);
    if (refusal) throw new SeedError(refusal.field, refusal.reason);
    const project = this.world.projects.get(mr.project_id) as Project;
    const at = input.at === undefined ? this.world.now : Date.parse(input.at);
    return pushToMergeRequest(this.world, project, mr, { sha, author, at });
  }

  /** A push of an export, recorded as history only: the merge request's head, committers and approvals already follow it. */
  private recordPush(mr: MergeRequest, input: SeedPush): void {
    const author = userByName(this.world, input.author, 'author');
    mr.pushes.push({
      sha: input.sha ?? randomString(this.world, '0123456789abcdef', 40),
      author_id: author.id,
      at: isoOrUndefined(input.at) ?? nowIso(this.world),
    });
  }
}

/** A rule's fields from the seed, validated as the API validates them. */
function ruleFields(
  world: World,
  scope: RuleScope,
  input: SeedApprovalRule | SeedMergeRequestApprovalRule,
): Omit<ApprovalRuleFields, 'id'> {
  const ruleType = input.rule_type ?? 'regular';
  const reportType = 'report_type' in input ? input.report_type : undefined;
  const fields = {
    name: input.name,
    rule_type: ruleType,
    report_type: ruleType === 'report_approver' ? (reportType ?? 'code_coverage') : null,
    approvals_required: input.approvals_required,
    user_ids: (input.users ?? []).map((name, i) => userByName(world, name, `users[${i}]`).id),
    group_ids: (input.groups ?? []).map((path, i) => {
      const group = groupByPath(world, path);
      if (!group) throw new SeedError(`groups[${i}]`, 'unknown group');
      return group.id;
    }),
  };
  const [key, messages] = Object.entries(ruleErrors(world, scope, fields))[0] ?? [];
  if (key) throw new SeedError(key, messages?.join(', ') ?? 'invalid');
  return fields;
}

function branchIdsNamed(branches: ProtectedBranch[], names: string[] | undefined): number[] {
  return (names ?? []).map((name, i) => {
    const branch = branches.find((b) => b.name === name);
    if (!branch) throw new SeedError(`protected_branches[${i}]`, 'unknown protected branch');
    return branch.id;
  });
}

/** Protected branch records for names, or whole records (GitLab protects for Maintainers by default). */
function addProtectedBranches(
  world: World,
  owner: Pick<ProtectedBranch, 'project_id' | 'group_id'>,
  branches: SeedProtectedBranch[] | undefined,
): void {
  const seen = new Set<string>();
  for (const item of branches ?? []) {
    const input = typeof item === 'string' ? { name: item } : item;
    if (seen.has(input.name)) continue;
    seen.add(input.name);
    const accessLevel = <L extends BranchAccessLevel>(
      table: string,
      given: { id: number; access_level: L } | undefined,
    ) => {
      if (given) world.lastId[table] = Math.max(world.lastId[table] ?? 0, given.id);
      return { id: given?.id ?? nextId(world, table), access_level: given?.access_level ?? (40 as L) };
    };
    const branch: ProtectedBranch = withId(world, 'protected_branches', world.protectedBranches, input.id, () => ({
      id: nextId(world, 'protected_branches'),
      ...owner,
      name: input.name,
      code_owner_approval_required: input.code_owner_approval_required ?? false,
      allow_force_push: input.allow_force_push ?? false,
      push_access_level: accessLevel('protected_branch_push_access_levels', input.push_access_level),
      merge_access_level: accessLevel('protected_branch_merge_access_levels', input.merge_access_level),
      unprotect_access_level:
        input.unprotect_access_level === undefined
          ? null
          : accessLevel('protected_branch_unprotect_access_levels', input.unprotect_access_level),
    }));
    world.protectedBranches.set(branch.id, branch);
  }
}
