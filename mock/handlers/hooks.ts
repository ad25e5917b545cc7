import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { route } from '../http/router.js';
import { presentProjectHook } from '../present/hooks.js';
import { findProject, requireProjectRole } from '../rules/access.js';
import {
  createProjectHook,
  deleteProjectHook,
  findProjectHook,
  type HookFields,
  projectHooks,
  updateProjectHook,
} from '../rules/hooks.js';
import { PROJECT_HOOK_EVENTS, type ProjectHookEvent, Roles } from '../world/types.js';

/**
 * Project webhooks: /projects/:id/hooks (list, get, add, edit, delete) (`lib/api/project_hooks.rb`).
 * Every route needs the Maintainer role (GitLab's `authorize_admin_project`).
 * @module
 */

const projectPath = { id: p.string().required() };
const hookPath = { ...projectPath, hook_id: p.id().required() };

/** The settings `POST` and `PUT` take besides the URL. */
const hookSettings = {
  name: p.string(),
  description: p.string(),
  token: p.string(),
  enable_ssl_verification: p.boolean(),
  push_events_branch_filter: p.string(),
  branch_filter_strategy: p.string(),
  custom_webhook_template: p.string(),
  ...(Object.fromEntries(PROJECT_HOOK_EVENTS.map((e) => [e, p.boolean()])) as Record<
    ProjectHookEvent,
    ReturnType<typeof p.boolean>
  >),
};

/** The parsed settings as a rule takes them. */
function fieldsOf(
  q: { [K in keyof typeof hookSettings]?: string | boolean | undefined } & { url: string },
): HookFields {
  const events: Partial<Record<ProjectHookEvent, boolean>> = {};
  for (const e of PROJECT_HOOK_EVENTS) {
    const value = q[e];
    if (typeof value === 'boolean') events[e] = value;
  }
  return {
    url: q.url,
    name: q.name as string | undefined,
    description: q.description as string | undefined,
    token: q.token as string | undefined,
    events,
    enable_ssl_verification: q.enable_ssl_verification as boolean | undefined,
    push_events_branch_filter: q.push_events_branch_filter as string | undefined,
    branch_filter_strategy: q.branch_filter_strategy as string | undefined,
    custom_webhook_template: q.custom_webhook_template as string | undefined,
  };
}

export const hookRoutes = [
  route('GET', '/projects/:id/hooks', (ctx) => {
    const q = parseParams(ctx.params, { ...projectPath, ...paginationParams });
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireProjectRole(ctx.world, ctx.caller, project, Roles.Maintainer);
    return paginated(ctx, projectHooks(ctx.world, project), q, presentProjectHook);
  }),

  route('GET', '/projects/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, hookPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireProjectRole(ctx.world, ctx.caller, project, Roles.Maintainer);
    return json(presentProjectHook(findProjectHook(ctx.world, project, q.hook_id)));
  }),

  route('POST', '/projects/:id/hooks', (ctx) => {
    const q = parseParams(ctx.params, { ...projectPath, url: p.string().required(), ...hookSettings });
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireProjectRole(ctx.world, ctx.caller, project, Roles.Maintainer);
    return json(presentProjectHook(createProjectHook(ctx.world, project, { ...fieldsOf(q), url: q.url })), 201);
  }),

  route('PUT', '/projects/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, { ...hookPath, url: p.string().required(), ...hookSettings });
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireProjectRole(ctx.world, ctx.caller, project, Roles.Maintainer);
    const hook = findProjectHook(ctx.world, project, q.hook_id);
    return json(presentProjectHook(updateProjectHook(ctx.world, hook, fieldsOf(q))));
  }),

  route('DELETE', '/projects/:id/hooks/:hook_id', (ctx) => {
    const q = parseParams(ctx.params, hookPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    requireProjectRole(ctx.world, ctx.caller, project, Roles.Maintainer);
    deleteProjectHook(ctx.world, findProjectHook(ctx.world, project, q.hook_id));
    return noContent();
  }),
];
