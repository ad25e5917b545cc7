import { notFound } from '../http/errors.js';
import { keysetPaginated, paginated, requireOffsetWithinLimit } from '../http/pagination.js';
import { type Parsed, p, paginationParams, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentPublicGroup } from '../present/groups.js';
import {
  openIssueCounter,
  presentBasicProject,
  presentProject,
  presentProjectWithAccess,
} from '../present/projects.js';
import { findGroup, findProject } from '../rules/access.js';
import { findNamespace } from '../rules/namespaces.js';
import { authorize } from '../rules/policy.js';
import {
  listGroupProjects,
  listProjects,
  listUserProjects,
  PROJECT_ORDERS,
  type ProjectFilters,
  type ProjectOrder,
  projectGroups,
  projectOrderFor,
  requireKeysetOrder,
  requireUpdatedAtPairing,
  rolesOf,
  STATISTICS_ORDERS,
  shareLocations,
} from '../rules/projects.js';
import {
  archiveProject,
  createProject,
  type ProjectFields,
  topicList,
  transferProject,
  unarchiveProject,
  updateProject,
} from '../rules/projects-admin.js';
import {
  isAnonymous,
  PROJECT_FEATURES,
  type Project as ProjectRecord,
  type ProjectSettings,
  ROLE_VALUES,
  type Visibility,
} from '../world/types.js';
import { userNamed } from '../world/world.js';
import { groupsApiRead } from './groups.js';

/**
 * Projects: `GET /projects`, `GET /projects/:id` and `GET /groups/:id/projects`
 * (GitLab's `lib/api/projects.rb`, `lib/api/groups.rb`). Lists show what the caller can
 * read; `simple=true` answers the shorter BasicProjectDetails entity. Create, update,
 * archive, unarchive and transfer: `lib/api/projects.rb` with `lib/api/helpers/projects_helpers.rb`'s
 * parameters (`optional_project_params_ce`, EE's `approvals_before_merge`).
 * @module
 */

/** The access levels a feature takes (`package_registry` and `pages` also take `public`). */
const ACCESS_LEVELS = ['disabled', 'private', 'enabled'];

/** The settings create and update take, as GitLab declares them. */
const settingParams = {
  merge_method: p.string().values(['ff', 'rebase_merge', 'merge']),
  squash_option: p.string().values(['never', 'always', 'default_on', 'default_off']),
  only_allow_merge_if_pipeline_succeeds: p.boolean(),
  only_allow_merge_if_all_discussions_are_resolved: p.boolean(),
  allow_merge_on_skipped_pipeline: p.boolean(),
  remove_source_branch_after_merge: p.boolean(),
  lfs_enabled: p.boolean(),
  request_access_enabled: p.boolean(),
  packages_enabled: p.boolean(),
  shared_runners_enabled: p.boolean(),
  ci_config_path: p.string(),
  ...Object.fromEntries(
    PROJECT_FEATURES.map((f) => [
      `${f}_access_level`,
      p.string().values(f === 'pages' || f === 'package_registry' ? [...ACCESS_LEVELS, 'public'] : ACCESS_LEVELS),
    ]),
  ),
  // The deprecated switches (`TODO: remove in API v5, replaced by *_access_level`).
  issues_enabled: p.boolean(),
  merge_requests_enabled: p.boolean(),
  wiki_enabled: p.boolean(),
  jobs_enabled: p.boolean(),
  snippets_enabled: p.boolean(),
  container_registry_enabled: p.boolean(),
  resolve_outdated_diff_discussions: p.boolean(),
  autoclose_referenced_issues: p.boolean(),
};

/** What create and update both take (`optional_project_params`). */
const projectParams = {
  description: p.string(),
  visibility: p.string().values(['private', 'internal', 'public']),
  approvals_before_merge: p.integer(),
  // `topics`, and the deprecated `tag_list` (`CommaSeparatedToArray`; `topic_list ||= topics || tag_list`).
  topics: p.strings({ comma: true }),
  tag_list: p.strings({ comma: true }),
  ...settingParams,
};

/**
 * The sent settings in the world's terms. A deprecated `*_enabled` switch sets its feature
 * `enabled` or `disabled` (`Projects::CreateService#execute` and ProjectFeature's `*_enabled=`);
 * an `*_access_level` sent with it wins.
 */
function settingsOf(q: Record<string, unknown>): Partial<ProjectSettings> {
  const out: Record<string, unknown> = {};
  const switches: Record<string, string> = {
    issues_enabled: 'issues',
    merge_requests_enabled: 'merge_requests',
    wiki_enabled: 'wiki',
    jobs_enabled: 'builds',
    snippets_enabled: 'snippets',
    // `ProjectFeaturesCompatibility#container_registry_enabled=`, as the others.
    container_registry_enabled: 'container_registry',
  };
  for (const [key, feature] of Object.entries(switches)) {
    if (typeof q[key] === 'boolean') out[`${feature}_access_level`] = q[key] ? 'enabled' : 'disabled';
  }
  for (const key of Object.keys(settingParams)) {
    if (key in switches || q[key] === undefined) continue;
    out[key] = q[key];
  }
  return out as Partial<ProjectSettings>;
}

/** The parsed fields as the rules take them. */
function fieldsOf(q: Record<string, unknown> & { visibility?: string | undefined }): ProjectFields {
  return {
    name: q.name as string | undefined,
    path: q.path as string | undefined,
    description: q.description as string | undefined,
    visibility: q.visibility as Visibility | undefined,
    default_branch: q.default_branch as string | undefined,
    approvals_before_merge: q.approvals_before_merge as number | undefined,
    topics: (q.topics ?? q.tag_list) as string[] | undefined,
    settings: settingsOf(q),
  };
}

/** The project as create, update, archive and transfer answer it (the Project entity, without `permissions`). */
const present = (ctx: RouteContext, project: ProjectRecord) => presentProject(ctx.world, ctx.caller.user, project);
/** Create and update present with `user_can_admin_project` (`lib/api/projects.rb`): `import_error` too. */
const presentAsAdmin = (ctx: RouteContext, project: ProjectRecord) =>
  presentProject(ctx.world, ctx.caller.user, project, undefined, undefined, { importError: true });

/** The filters both lists declare, with GitLab's defaults (newest first). */
const filterParams = {
  owned: p.boolean(),
  search: p.string(),
  visibility: p.string().values(['private', 'internal', 'public']),
  archived: p.boolean(),
  min_access_level: p.integer().values([10, 15, 20, 30, 40, 50]),
  // `GET /groups/:id/projects` takes these; `GET /projects` the statistics orders too (`lib/api/groups.rb`, `projects.rb`).
  order_by: p
    .string()
    .values(PROJECT_ORDERS.filter((order) => !(STATISTICS_ORDERS as readonly string[]).includes(order)))
    .default('created_at'),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  simple: p.boolean(),
  ...paginationParams,
};

/** The parsed filters as the rules take them. */
const filtersOf = (q: {
  owned?: boolean | undefined;
  search?: string | undefined;
  visibility?: string | undefined;
  archived?: boolean | undefined;
  min_access_level?: number | undefined;
  order_by: string;
  sort: string;
}) => ({
  ...q,
  visibility: q.visibility as Visibility | undefined,
  order_by: q.order_by as ProjectOrder,
  sort: q.sort as 'asc' | 'desc',
});

/**
 * What both create routes take besides name, path and default branch (`lib/api/projects.rb`: `namespace_id`,
 * `optional_create_project_params` and `create_params`: an import or a template, at most one of them; neither
 * is modelled, so the project is created empty).
 */
const createParams = {
  namespace_id: p.integer(),
  initialize_with_readme: p.boolean(),
  repository_object_format: p.string().values(['sha1', 'sha256']),
  import_url: p.string(),
  template_name: p.string(),
  template_project_id: p.integer(),
  ...projectParams,
};

/** The parsed create parameters as `createProject` takes them. */
const createInput = (q: Parsed<typeof createParams> & { name?: string | undefined; path?: string | undefined }) => ({
  ...fieldsOf(q),
  namespace_id: q.namespace_id,
  initialize_with_readme: q.initialize_with_readme,
  repository_object_format: q.repository_object_format as 'sha1' | 'sha256' | undefined,
});

/** `collection_params` and `statistics_params` of `GET /projects` and `GET /users/:user_id/projects` (`lib/api/projects.rb`). */
const collectionParams = {
  ...filterParams,
  order_by: p.string().values(PROJECT_ORDERS).default('created_at'),
  membership: p.boolean(),
  search_namespaces: p.boolean(),
  starred: p.boolean(),
  pagination: p.string().values(['offset', 'keyset']),
  // Grape reads an empty integer as none (projects_spec: "regression: empty string is ignored").
  id_after: p.integer(),
  id_before: p.integer(),
  active: p.boolean(),
  with_issues_enabled: p.boolean(),
  with_merge_requests_enabled: p.boolean(),
  updated_before: p.dateTime(),
  updated_after: p.dateTime(),
  marked_for_deletion_on: p.date(),
  topic: p.strings({ comma: true }),
  topic_id: p.integer(),
  statistics: p.boolean(),
};

/**
 * `present_projects` (`lib/api/projects.rb`): the finder's projects in the caller's order, keyset or offset
 * pages, as ProjectWithAccess, or BasicProjectDetails with `simple` or without a caller
 * (`with: current_user ? Entities::ProjectWithAccess : Entities::BasicProjectDetails`).
 */
function presentProjects(
  ctx: RouteContext,
  q: Parsed<typeof collectionParams>,
  find: (filters: ProjectFilters) => ProjectRecord[],
) {
  const { user } = ctx.caller;
  // `by_topics`: names stripped, repeats and empty ones dropped; none left is no filter.
  const topic = q.topic && topicList(q.topic).length > 0 ? topicList(q.topic) : undefined;
  q.order_by = projectOrderFor(ctx.world, user, q.order_by as ProjectOrder);
  const keyset = q.pagination === 'keyset';
  if (keyset) requireKeysetOrder(q.order_by as ProjectOrder);
  const projects = find({ ...filtersOf(q), topic });
  const roles = rolesOf(ctx.world, user);
  const openIssues = openIssueCounter(ctx.world);
  const present =
    q.simple || isAnonymous(user)
      ? (project: ProjectRecord) => presentBasicProject(ctx.world, user, project)
      : (project: ProjectRecord) =>
          presentProject(ctx.world, user, project, roles, openIssues, { statistics: q.statistics === true });
  if (keyset) {
    const request = {
      per_page: q.per_page,
      sort: q.sort as 'asc' | 'desc',
      id_after: q.id_after,
      id_before: q.id_before,
    };
    return keysetPaginated(ctx, projects, request, present);
  }
  requireOffsetWithinLimit('Project', q.page, q.per_page);
  return paginated(ctx, projects, q, present);
}

export const projectRoutes = [
  route('GET', '/projects', (ctx) => {
    const q = parseParams(ctx.params, collectionParams);
    // Before the finder, as `GET /projects` runs `validate_updated_at_order_and_filter!` (`lib/api/projects.rb`).
    requireUpdatedAtPairing(q, q.order_by);
    return presentProjects(ctx, q, (filters) => listProjects(ctx.world, ctx.caller.user, filters));
  }),

  // `GET /users/:user_id/projects` (`lib/api/projects.rb`): the user by id or username (`find_user`), then
  // the projects of their personal namespace (`params[:user] = user`: PersonalProjectsFinder).
  route('GET', '/users/:user_id/projects', (ctx) => {
    const q = parseParams(ctx.params, { user_id: p.string().required(), ...collectionParams });
    const owner = /^\d+$/.test(q.user_id) ? ctx.world.users.get(Number(q.user_id)) : userNamed(ctx.world, q.user_id);
    if (!owner) throw notFound('User').because(`no user ${q.user_id}`);
    return presentProjects(ctx, q, (filters) => listUserProjects(ctx.world, ctx.caller.user, owner, filters));
  }),

  // `GET /projects/:id/groups` (`lib/api/projects.rb`): `user_project` (404 to whoever cannot read it), then
  // `Projects::GroupsFinder`, PublicGroupDetails.
  route('GET', '/projects/:id/groups', (ctx) => {
    const q = parseParams(ctx.params, {
      id: p.string().required(),
      search: p.string(),
      skip_groups: p.integers(),
      with_shared: p.boolean().default(false),
      shared_visible_only: p.boolean().default(false),
      shared_min_access_level: p.integer().values(ROLE_VALUES),
      ...paginationParams,
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    const groups = projectGroups(ctx.world, ctx.caller.user, project, q);
    return paginated(ctx, groups, q, (group) => presentPublicGroup(ctx.world, group));
  }),

  // `GET /projects/:id/share_locations` (`lib/api/projects.rb`): `user_project`, then
  // `Groups::AcceptingProjectSharesFinder`, PublicGroupDetails.
  route('GET', '/projects/:id/share_locations', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), search: p.string(), ...paginationParams });
    const project = findProject(ctx.world, ctx.caller, q.id);
    const groups = shareLocations(ctx.world, ctx.caller.user, project, q.search);
    return paginated(ctx, groups, q, (group) => presentPublicGroup(ctx.world, group));
  }),

  route('GET', '/projects/:id', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), statistics: p.boolean(), license: p.boolean() });
    const project = findProject(ctx.world, ctx.caller, q.id);
    return json(presentProjectWithAccess(ctx.world, ctx.caller.user, project, { statistics: q.statistics }));
  }),

  route('POST', '/projects', (ctx) => {
    const q = parseParams(
      ctx.params,
      { name: p.string(), path: p.string(), default_branch: p.string(), ...createParams },
      {
        atLeastOneOf: [['name', 'path']],
        mutuallyExclusive: [['import_url', 'template_name', 'template_project_id']],
      },
    );
    return json(presentAsAdmin(ctx, createProject(ctx.world, ctx.caller, ctx.caller.user, createInput(q), 'own')), 201);
  }),

  route('POST', '/projects/user/:user_id', (ctx) => {
    const q = parseParams(
      ctx.params,
      {
        user_id: p.integer().required(),
        name: p.string().required(),
        path: p.string(),
        default_branch: p.string(),
        ...createParams,
      },
      { mutuallyExclusive: [['import_url', 'template_name', 'template_project_id']] },
    );
    // `authenticated_as_admin!`, then `User.find_by(id:)`: `404 User Not Found`.
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const owner = ctx.world.users.get(q.user_id);
    if (!owner) throw notFound('User').because(`no user ${q.user_id}`);
    return json(presentAsAdmin(ctx, createProject(ctx.world, ctx.caller, owner, createInput(q), 'for_user')), 201);
  }),

  route('PUT', '/projects/:id', (ctx) => {
    const q = parseParams(
      ctx.params,
      { id: p.string().required(), name: p.string(), path: p.string(), default_branch: p.string(), ...projectParams },
      // `at_least_one_of(*Helpers::ProjectsHelpers.update_params_at_least_one_of)`, the parameters the mock models.
      {
        atLeastOneOf: [
          [
            'name',
            'path',
            'default_branch',
            'description',
            'visibility',
            'approvals_before_merge',
            ...(Object.keys(settingParams) as (keyof typeof settingParams)[]),
          ].sort() as ('name' | 'path')[],
        ],
      },
    );
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_project', project);
    return json(presentAsAdmin(ctx, updateProject(ctx.world, ctx.caller, project, fieldsOf(q))));
  }),

  route('POST', '/projects/:id/archive', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required() });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'archive_project', project);
    return json(present(ctx, archiveProject(ctx.world, project)), 201);
  }),

  route('POST', '/projects/:id/unarchive', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required() });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'archive_project', project);
    return json(present(ctx, unarchiveProject(ctx.world, project)), 201);
  }),

  route('PUT', '/projects/:id/transfer', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), namespace: p.string().required() });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'change_namespace', project);
    const target = findNamespace(ctx.world, ctx.caller, q.namespace);
    return json(present(ctx, transferProject(ctx.world, ctx.caller, project, target)));
  }),

  groupsApiRead('/groups/:id/projects', (ctx) => {
    const q = parseParams(ctx.params, {
      id: p.string().required(),
      include_subgroups: p.boolean(),
      include_ancestor_groups: p.boolean().default(false),
      ...filterParams,
    });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const { user } = ctx.caller;
    const projects = listGroupProjects(ctx.world, user, group, filtersOf(q));
    requireOffsetWithinLimit('Project', q.page, q.per_page);
    const openIssues = openIssueCounter(ctx.world);
    return paginated(ctx, projects, q, (project) =>
      q.simple
        ? presentBasicProject(ctx.world, user, project)
        : presentProject(ctx.world, user, project, undefined, openIssues),
    );
  }),
];
