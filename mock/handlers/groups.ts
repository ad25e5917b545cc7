import { paramError } from '../http/errors.js';
import { cursorPaginated, paginated, requireOffsetWithinLimit } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import { type RouteContext, type RouteHandler, route } from '../http/router.js';
import { presentGroup, presentGroupDetail } from '../present/groups.js';
import { AI_WORKFLOWS_READS, findGroup, requireAiWorkflowsScope } from '../rules/access.js';
import { type GroupFilters, type GroupScope, listGroups, requireGroupKeysetOrder } from '../rules/groups.js';
import { createGroup, type GroupSettings, transferGroup, updateGroup } from '../rules/groups-admin.js';
import { authorize, can } from '../rules/policy.js';
import type {
  BranchProtectionDefaults,
  GroupStoredSettings,
  ProjectCreationLevel,
  SubgroupCreationLevel,
  Visibility,
} from '../world/types.js';
import { BRANCH_ACCESS_LEVELS, type BranchAccessLevel, ROLE_VALUES } from '../world/types.js';

/**
 * Groups: /groups, /groups/:id, /groups/:id/subgroups and
 * /groups/:id/descendant_groups (`lib/api/groups.rb`). Every signed-in caller
 * may list; each list holds only groups the caller may see, and a group the
 * caller may not see is `404 Group Not Found`.
 * @module
 */

/** A group's path. */
const groupPath = { id: p.string().required() };

/** GitLab's `group_list_params`. */
const groupListParams = {
  statistics: p.boolean().default(false),
  skip_groups: p.integers(),
  all_available: p.boolean(),
  visibility: p.string().values(['private', 'internal', 'public']),
  search: p.string(),
  owned: p.boolean().default(false),
  order_by: p.string().values(['name', 'path', 'id', 'similarity']).default('name'),
  sort: p.string().values(['asc', 'desc']).default('asc'),
  min_access_level: p.integer().values(ROLE_VALUES),
  top_level_only: p.boolean(),
  marked_for_deletion_on: p.date(),
  // Not declared by GitLab (read raw by its pagination strategies): any value but `keyset` is offset.
  pagination: p.string(),
  cursor: p.string(),
  ...paginationParams,
};

/** Parses a group list's parameters, finds the group it is below (404 when unseen), lists and presents a page. */
function groupList(ctx: RouteContext, scope: 'all' | 'children' | 'descendants') {
  const q = parseParams(ctx.params, groupListParams);
  // The group a list is below comes from the path (always there); `/groups` takes no `id`.
  const where: GroupScope =
    scope === 'all'
      ? { kind: 'all' }
      : { kind: scope, of: findGroup(ctx.world, ctx.caller, parseParams(ctx.params, groupPath).id) };
  const filters: GroupFilters = {
    allAvailable: q.all_available,
    owned: q.owned,
    minAccessLevel: q.min_access_level,
    // Grape keeps an empty search, and GitLab's finders skip a blank one.
    search: q.search?.trim() ? q.search : undefined,
    topLevelOnly: q.top_level_only,
    visibility: q.visibility as GroupFilters['visibility'],
    skipGroups: q.skip_groups,
    markedForDeletionOn: q.marked_for_deletion_on,
    orderBy: q.order_by as GroupFilters['orderBy'],
    sort: q.sort as GroupFilters['sort'],
  };
  // Only an anonymous `GET /groups` goes through GitLab's pagination strategies (keyset, and the
  // offset limit): `lib/api/groups.rb#present_groups_with_pagination_strategies`.
  const strategies = scope === 'all' && ctx.caller.token === null;
  const keyset = strategies && q.pagination === 'keyset';
  if (keyset) requireGroupKeysetOrder(filters.orderBy, filters.sort);
  else if (strategies) requireOffsetWithinLimit('Group', q.page, q.per_page);
  const groups = listGroups(ctx.world, ctx.caller.user, where, filters);
  // Statistics are for administrators only; anyone else's `statistics=true` is ignored, as in GitLab.
  const statistics = q.statistics && ctx.caller.user.admin;
  const present = (g: (typeof groups)[number]) => presentGroup(ctx.world, g, { statistics });
  if (keyset) return cursorPaginated(ctx, groups, q, present);
  return paginated(ctx, groups, q, present);
}

/**
 * GitLab's `optional_params` of `POST /groups` and `PUT /groups/:id` (`API::Helpers::GroupsHelpers`):
 * all declared, so their types are checked as GitLab checks them; the mock keeps the ones it models.
 */
const groupSettingParams = {
  description: p.string(),
  visibility: p.string().values(['private', 'internal', 'public']),
  share_with_group_lock: p.boolean(),
  require_two_factor_authentication: p.boolean(),
  two_factor_grace_period: p.integer(),
  project_creation_level: p.string().values(['noone', 'owner', 'maintainer', 'developer', 'administrator']),
  auto_devops_enabled: p.boolean(),
  subgroup_creation_level: p.string().values(['owner', 'maintainer']),
  emails_disabled: p.boolean().nullable(),
  emails_enabled: p.boolean(),
  show_diff_preview_in_email: p.boolean(),
  mentions_disabled: p.boolean(),
  lfs_enabled: p.boolean(),
  request_access_enabled: p.boolean(),
  default_branch: p.string(),
  default_branch_protection: p.integer().values([0, 1, 2, 3, 4]),
  enabled_git_access_protocol: p.string().values(['ssh', 'http', 'all']),
};

/**
 * GitLab's `default_branch_protection_defaults` (a Hash of `API::Helpers::GroupsHelpers`): the keys
 * sent, checked as Grape checks them (400 `{"error": ...}`); absent: `undefined`.
 */
function branchProtectionDefaults(raw: unknown): BranchProtectionDefaults | undefined {
  if (raw === undefined) return undefined;
  const name = 'default_branch_protection_defaults';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw paramError(`${name} is invalid`);
  const given = raw as Record<string, unknown>;
  const out: BranchProtectionDefaults = {};
  const errors: string[] = [];
  for (const key of ['allowed_to_push', 'allowed_to_merge'] as const) {
    const list = given[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      errors.push(`${name}[${key}] is invalid`);
      continue;
    }
    out[key] = list.map((item, i) => {
      const level =
        typeof item === 'object' && item !== null ? Number((item as Record<string, unknown>).access_level) : NaN;
      if (!(BRANCH_ACCESS_LEVELS as readonly number[]).includes(level))
        errors.push(`${name}[${key}][${i}][access_level] does not have a valid value`);
      return { access_level: level as BranchAccessLevel };
    });
  }
  for (const key of ['allow_force_push', 'code_owner_approval_required', 'developer_can_initial_push'] as const) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') errors.push(`${name}[${key}] is invalid`);
    else out[key] = value;
  }
  if (errors.length > 0) throw paramError(errors);
  return out;
}

/** The parsed settings the world models. */
const settingsOf = (q: {
  description?: string | undefined;
  visibility?: string | undefined;
  share_with_group_lock?: boolean | undefined;
  project_creation_level?: string | undefined;
  subgroup_creation_level?: string | undefined;
  request_access_enabled?: boolean | undefined;
  emails_disabled?: boolean | null | undefined;
  show_diff_preview_in_email?: boolean | undefined;
  default_branch?: string | undefined;
  default_branch_protection?: number | undefined;
  enabled_git_access_protocol?: string | undefined;
  default_branch_protection_defaults?: BranchProtectionDefaults | undefined;
}): GroupSettings => ({
  // Kept as sent (Groups::UpdateService, `namespace_settings`); `emails_disabled: null` and a blank
  // `default_branch` put them back to GitLab's defaults.
  settings: {
    emails_disabled: q.emails_disabled,
    show_diff_preview_in_email: q.show_diff_preview_in_email,
    default_branch:
      q.default_branch === undefined ? undefined : q.default_branch.trim() === '' ? null : q.default_branch,
    default_branch_protection: q.default_branch_protection,
    enabled_git_access_protocol: q.enabled_git_access_protocol as GroupStoredSettings['enabled_git_access_protocol'],
    default_branch_protection_defaults: q.default_branch_protection_defaults,
  },
  ...(q.description !== undefined && { description: q.description }),
  ...(q.visibility !== undefined && { visibility: q.visibility as Visibility }),
  ...(q.share_with_group_lock !== undefined && { share_with_group_lock: q.share_with_group_lock }),
  ...(q.project_creation_level !== undefined && {
    project_creation_level: q.project_creation_level as ProjectCreationLevel,
  }),
  ...(q.subgroup_creation_level !== undefined && {
    subgroup_creation_level: q.subgroup_creation_level as SubgroupCreationLevel,
  }),
  ...(q.request_access_enabled !== undefined && { request_access_enabled: q.request_access_enabled }),
});

/**
 * A read of `lib/api/groups.rb`, which `allow_access_with_scope :ai_workflows, if: ->(request) { request.get? ||
 * request.head? }`: an OAuth token with only `ai_workflows` may call it besides the API scopes, so the route checks
 * the scopes itself. The 18.9-pre snapshot has the line and no release note names it; `lib/api/labels.rb` has the
 * same line (the mock takes it there too), and 18.6.0's note on the branches API, which takes the scope for POST
 * as well, suggests these read-only lines came first. `lib/api/projects.rb` has it too: not modelled yet.
 */
export const groupsApiRead = (path: string, handler: RouteHandler) =>
  route(
    'GET',
    path,
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, ctx.request.method, AI_WORKFLOWS_READS);
      return handler(ctx);
    },
    { checksScopes: true },
  );

export const groupRoutes = [
  // `POST /groups`: the parent (404 when unseen), then `create_subgroup` in it or `create_group_via_api`
  // (403), then `Groups::CreateService`; 201 with GroupDetail as `present` shows it (no projects).
  route('POST', '/groups', (ctx) => {
    const q = parseParams(ctx.params, {
      name: p.string().required(),
      path: p.string().required(),
      parent_id: p.integer(),
      organization_id: p.integer(),
      ...groupSettingParams,
    });
    const protection = branchProtectionDefaults(ctx.params.default_branch_protection_defaults);
    const parent = q.parent_id === undefined ? null : findGroup(ctx.world, ctx.caller, String(q.parent_id));
    if (parent) authorize(ctx.world, ctx.caller, 'create_subgroup', parent);
    else authorize(ctx.world, ctx.caller, 'create_group', 'instance');
    const group = createGroup(ctx.world, ctx.caller.user, {
      ...settingsOf({ ...q, default_branch_protection_defaults: protection }),
      name: q.name,
      path: q.path,
      parent,
    });
    return json(presentGroupDetail(ctx.world, ctx.caller, group, { withProjects: false, adminFields: false }), 201);
  }),

  // `PUT /groups/:id`: `admin_group` (Owner), then `Groups::UpdateService`; 400 `{"message":{...}}`.
  route('PUT', '/groups/:id', (ctx) => {
    const q = parseParams(ctx.params, {
      ...groupPath,
      name: p.string(),
      path: p.string(),
      shared_runners_setting: p.string().values(['enabled', 'disabled_and_overridable', 'disabled_and_unoverridable']),
      prevent_sharing_groups_outside_hierarchy: p.boolean(),
      lock_math_rendering_limits_enabled: p.boolean(),
      math_rendering_limits_enabled: p.boolean(),
      max_artifacts_size: p.integer(),
      ...groupSettingParams,
    });
    const protection = branchProtectionDefaults(ctx.params.default_branch_protection_defaults);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_group', group);
    const base = settingsOf({ ...q, default_branch_protection_defaults: protection });
    const settings: GroupSettings = {
      ...base,
      settings: {
        ...base.settings,
        shared_runners_setting: q.shared_runners_setting as GroupStoredSettings['shared_runners_setting'] | undefined,
        // Groups::UpdateService drops `max_artifacts_size` unless the caller may `update_max_artifacts_size`.
        ...(can(ctx.world, ctx.caller.user, 'update_max_artifacts_size', group) && {
          max_artifacts_size: q.max_artifacts_size,
        }),
      },
      ...(q.name !== undefined && { name: q.name }),
      ...(q.path !== undefined && { path: q.path }),
    };
    updateGroup(ctx.world, ctx.caller.user, group, settings);
    return json(presentGroupDetail(ctx.world, ctx.caller, group, { withProjects: true }));
  }),

  // `POST /groups/:id/transfer`: `change_group` (Owner, 403), the target (404 when unseen), then
  // `Groups::TransferService` (400 `Transfer failed: ...`); 201 with GroupDetail (no projects).
  route('POST', '/groups/:id/transfer', (ctx) => {
    // A blank `group_id` is nil in Grape: it promotes the subgroup as no `group_id` does.
    const q = parseParams(ctx.params, { ...groupPath, group_id: p.integer() });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'change_group', group);
    const target = q.group_id === undefined ? null : findGroup(ctx.world, ctx.caller, String(q.group_id));
    transferGroup(ctx.world, ctx.caller.user, group, target);
    return json(presentGroupDetail(ctx.world, ctx.caller, group, { withProjects: false, adminFields: false }), 201);
  }),

  groupsApiRead('/groups', (ctx) => groupList(ctx, 'all')),

  groupsApiRead('/groups/:id', (ctx) => {
    const q = parseParams(ctx.params, { ...groupPath, with_projects: p.boolean().default(true) });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    return json(presentGroupDetail(ctx.world, ctx.caller, group, { withProjects: q.with_projects }));
  }),

  groupsApiRead('/groups/:id/subgroups', (ctx) => groupList(ctx, 'children')),

  groupsApiRead('/groups/:id/descendant_groups', (ctx) => groupList(ctx, 'descendants')),
];
