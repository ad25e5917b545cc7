import { checkUnmodifiedSince } from '../http/conditional.js';
import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import type { RouteContext } from '../http/router.js';
import { route } from '../http/router.js';
import { presentGroupHook, presentProjectHook, presentSystemHook } from '../present/hooks.js';
import { findGroup, findProject } from '../rules/access.js';
import {
  BRANCH_FILTER_STRATEGIES,
  createGroupHook,
  createProjectHook,
  createSystemHook,
  deleteGroupHook,
  deleteProjectHook,
  deleteSystemHook,
  findGroupHook,
  findProjectHook,
  findSystemHook,
  groupHooks,
  type HookFields,
  projectHooks,
  requireGroupHooksPlan,
  setHookSecret,
  unsetHookSecret,
  updateHook,
} from '../rules/hooks.js';
import { authorize } from '../rules/policy.js';
import {
  GROUP_HOOK_EVENTS,
  type Group,
  PROJECT_HOOK_EVENTS,
  SYSTEM_HOOK_EVENTS,
  type WebHook,
} from '../world/types.js';

/**
 * Webhooks: /projects/:id/hooks (list, get, add, edit, delete) (`lib/api/project_hooks.rb`), for
 * Maintainers and up (GitLab's `authorize_admin_project`), and the system hooks /hooks
 * (`system_hooks.rb`), for administrators.
 * @module
 */

const projectPath = { id: p.string().required() };
const hookPath = { ...projectPath, hook_id: p.id().required() };

/** The settings every hook write takes besides the URL and the event switches. */
const commonSettings = {
  url: p.string(),
  name: p.string(),
  description: p.string(),
  token: p.string(),
  enable_ssl_verification: p.boolean(),
  push_events_branch_filter: p.string(),
  // `values: WebHook.branch_filter_strategies.keys` (lib/api/project_hooks.rb, system_hooks.rb, ee group_hooks.rb):
  // 400 `{"error":"branch_filter_strategy does not have a valid value"}`.
  branch_filter_strategy: p.string().values(BRANCH_FILTER_STRATEGIES),
  url_variables: p.keyValues(),
  custom_headers: p.keyValues(),
};

/** Declared boolean parameters, one per event switch. */
const switches = <E extends string>(kinds: readonly E[]) =>
  Object.fromEntries(kinds.map((e) => [e, p.boolean()])) as Record<E, ReturnType<typeof p.boolean>>;

const projectHookSettings = {
  ...commonSettings,
  custom_webhook_template: p.string(),
  ...switches(PROJECT_HOOK_EVENTS),
};
const systemHookSettings = { ...commonSettings, ...switches(SYSTEM_HOOK_EVENTS) };
const groupHookSettings = {
  ...commonSettings,
  custom_webhook_template: p.string(),
  ...switches(GROUP_HOOK_EVENTS),
};

/** GitLab's hooks APIs ask `read_web_hook` to read and `admin_web_hook` to change (`lib/api/project_hooks.rb`). */
export const webHookAbility = (ctx: RouteContext) =>
  ctx.request.method === 'GET' ? 'read_web_hook' : 'admin_web_hook';

/** A group whose hooks the caller manages: Owner (GitLab's `admin_web_hook`), on a Premium plan. */
function hookGroup(ctx: RouteContext, ref: string): Group {
  const group = findGroup(ctx.world, ctx.caller, ref);
  authorize(ctx.world, ctx.caller, webHookAbility(ctx), group);
  requireGroupHooksPlan(ctx.world, group);
  return group;
}

/** The parsed parameters as a rule takes them: the event switches apart, absent ones left out. */
function fieldsOf<E extends string>(
  kinds: readonly E[],
  q: Partial<Record<E, boolean | undefined>> & {
    [K in Exclude<keyof typeof commonSettings, 'url_variables' | 'custom_headers'>]?: string | boolean | undefined;
  } & { custom_webhook_template?: string | undefined } & {
    url_variables?: { key: string; value: string }[] | undefined;
    custom_headers?: { key: string; value: string }[] | undefined;
  },
): HookFields<E> {
  const events: Partial<Record<E, boolean>> = {};
  for (const e of kinds) {
    const value = q[e];
    if (typeof value === 'boolean') events[e] = value;
  }
  return {
    url: q.url as string | undefined,
    name: q.name as string | undefined,
    description: q.description as string | undefined,
    token: q.token as string | undefined,
    events,
    enable_ssl_verification: q.enable_ssl_verification as boolean | undefined,
    push_events_branch_filter: q.push_events_branch_filter as string | undefined,
    branch_filter_strategy: q.branch_filter_strategy as string | undefined,
    custom_webhook_template: q.custom_webhook_template,
    // GitLab's `create_hook_params`: `[{ key, value }]` as a map, a later duplicate key winning.
    url_variables: q.url_variables && Object.fromEntries(q.url_variables.map((e) => [e.key, e.value])),
    custom_headers: q.custom_headers && Object.fromEntries(q.custom_headers.map((e) => [e.key, e.value])),
  };
}

/** The path of a per-key route: the hook, the entry's name, and (for a PUT) its value. */
const secretPath = { hook_id: p.id().required(), key: p.string().required() };

/**
 * The per-key routes GitLab mounts under every kind of hook (`lib/api/hooks/url_variables.rb`,
 * `custom_headers.rb`): `PUT …/:hook_id/<kind>/:key` with `value` (204), `DELETE …/:hook_id/<kind>/:key` (204).
 * `find` parses the route's own parameters, checks the caller's rights and returns the hook.
 */
function secretRoutes(prefix: string, find: (ctx: RouteContext, hookId: number) => WebHook) {
  return (['url_variables', 'custom_headers'] as const).flatMap((kind) => [
    route('PUT', `${prefix}/:hook_id/${kind}/:key`, (ctx) => {
      const q = parseParams(ctx.params, { ...secretPath, value: p.string().required() });
      setHookSecret(ctx.world, find(ctx, q.hook_id), kind, q.key, q.value);
      return noContent();
    }),
    route('DELETE', `${prefix}/:hook_id/${kind}/:key`, (ctx) => {
      const q = parseParams(ctx.params, secretPath);
      unsetHookSecret(ctx.world, find(ctx, q.hook_id), kind, q.key);
      return noContent();
    }),
  ]);
}

export const hookRoutes = [
  route('GET', '/projects/:id/hooks', (ctx) => {
    const q = parseParams(ctx.params, { ...projectPath, ...paginationParams });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), project);
    return paginated(ctx, projectHooks(ctx.world, project), q, (h) => presentProjectHook(ctx.world, h));
  }),

  route('GET', '/projects/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, hookPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), project);
    return json(presentProjectHook(ctx.world, findProjectHook(ctx.world, project, q.hook_id)));
  }),

  route('POST', '/projects/:id/hooks', (ctx) => {
    const q = parseParams(ctx.params, { ...projectPath, ...projectHookSettings, url: p.string().required() });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), project);
    const fields = { ...fieldsOf(PROJECT_HOOK_EVENTS, q), url: q.url };
    return json(presentProjectHook(ctx.world, createProjectHook(ctx.world, project, fields)), 201);
  }),

  route('PUT', '/projects/:id/hooks/:hook_id', (ctx) => {
    // `url` is optional on an update since GitLab 17 (`use :optional_url`); nothing at all is a 400.
    const q = parseParams(ctx.params, { ...hookPath, ...projectHookSettings });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), project);
    const hook = findProjectHook(ctx.world, project, q.hook_id);
    updateHook(ctx.world, hook, fieldsOf(PROJECT_HOOK_EVENTS, q));
    return json(presentProjectHook(ctx.world, hook));
  }),

  route('DELETE', '/projects/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, hookPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), project);
    const hook = findProjectHook(ctx.world, project, q.hook_id);
    // `destroy_conditionally!(hook)`: the mock dates a hook by its creation only (a lower bound of `updated_at`).
    checkUnmodifiedSince(ctx.request, hook.created_at);
    deleteProjectHook(ctx.world, hook);
    return noContent();
  }),

  // Group hooks (`ee/lib/api/group_hooks.rb`): Owners, Premium.
  route('GET', '/groups/:id/hooks', (ctx) => {
    const q = parseParams(ctx.params, { ...projectPath, ...paginationParams });
    const group = hookGroup(ctx, q.id);
    return paginated(ctx, groupHooks(ctx.world, group), q, (h) => presentGroupHook(ctx.world, h));
  }),

  route('GET', '/groups/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, hookPath);
    const group = hookGroup(ctx, q.id);
    return json(presentGroupHook(ctx.world, findGroupHook(ctx.world, group, q.hook_id)));
  }),

  route('POST', '/groups/:id/hooks', (ctx) => {
    const q = parseParams(ctx.params, { ...projectPath, ...groupHookSettings, url: p.string().required() });
    const group = hookGroup(ctx, q.id);
    const fields = { ...fieldsOf(GROUP_HOOK_EVENTS, q), url: q.url };
    return json(presentGroupHook(ctx.world, createGroupHook(ctx.world, group, fields)), 201);
  }),

  route('PUT', '/groups/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, { ...hookPath, ...groupHookSettings });
    const group = hookGroup(ctx, q.id);
    const hook = findGroupHook(ctx.world, group, q.hook_id);
    updateHook(ctx.world, hook, fieldsOf(GROUP_HOOK_EVENTS, q));
    return json(presentGroupHook(ctx.world, hook));
  }),

  route('DELETE', '/groups/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, hookPath);
    const group = hookGroup(ctx, q.id);
    const hook = findGroupHook(ctx.world, group, q.hook_id);
    // `destroy_conditionally!(hook)` (ee/lib/api/group_hooks.rb), by the hook's creation as for project hooks.
    checkUnmodifiedSince(ctx.request, hook.created_at);
    deleteGroupHook(ctx.world, hook);
    return noContent();
  }),

  // System hooks (`lib/api/system_hooks.rb`): administrators only, reads included.
  route('GET', '/hooks', (ctx) => {
    const q = parseParams(ctx.params, paginationParams);
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), 'instance');
    return paginated(ctx, [...ctx.world.systemHooks.values()], q, (h) => presentSystemHook(ctx.world, h));
  }),

  route('GET', '/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, { hook_id: p.id().required() });
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), 'instance');
    return json(presentSystemHook(ctx.world, findSystemHook(ctx.world, q.hook_id)));
  }),

  route('POST', '/hooks', (ctx) => {
    const q = parseParams(ctx.params, { ...systemHookSettings, url: p.string().required() });
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), 'instance');
    return json(
      presentSystemHook(ctx.world, createSystemHook(ctx.world, { ...fieldsOf(SYSTEM_HOOK_EVENTS, q), url: q.url })),
      201,
    );
  }),

  route('PUT', '/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, { hook_id: p.id().required(), ...systemHookSettings });
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), 'instance');
    const hook = findSystemHook(ctx.world, q.hook_id);
    updateHook(ctx.world, hook, fieldsOf(SYSTEM_HOOK_EVENTS, q));
    return json(presentSystemHook(ctx.world, hook));
  }),

  route('DELETE', '/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, { hook_id: p.id().required() });
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), 'instance');
    const hook = findSystemHook(ctx.world, q.hook_id);
    // `destroy_conditionally!(hook)` (lib/api/system_hooks.rb), by the hook's creation as for project hooks.
    checkUnmodifiedSince(ctx.request, hook.created_at);
    deleteSystemHook(ctx.world, hook);
    return noContent();
  }),

  // URL variables and custom headers, one at a time, on project, group and system hooks.
  ...secretRoutes('/projects/:id/hooks', (ctx, hookId) => {
    const project = findProject(ctx.world, ctx.caller, parseParams(ctx.params, projectPath).id);
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), project);
    return findProjectHook(ctx.world, project, hookId);
  }),
  ...secretRoutes('/groups/:id/hooks', (ctx, hookId) => {
    const group = hookGroup(ctx, parseParams(ctx.params, projectPath).id);
    return findGroupHook(ctx.world, group, hookId);
  }),
  ...secretRoutes('/hooks', (ctx, hookId) => {
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), 'instance');
    return findSystemHook(ctx.world, hookId);
  }),
];
