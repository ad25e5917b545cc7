import { paginated } from '../http/pagination.js';
import { p, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import type { RouteContext } from '../http/router.js';
import { route } from '../http/router.js';
import { presentHookLog } from '../present/webhooks.js';
import { findGroup, findProject, requireAdmin, requireGroupRole, requireProjectRole } from '../rules/access.js';
import {
  checkHookRateLimit,
  findHookLog,
  hookLogs,
  resendHookLog,
  STATUS_FILTERS,
  testGroupHook,
  testProjectHook,
  testSystemHook,
} from '../rules/hook-events.js';
import { findGroupHook, findProjectHook, findSystemHook, requireGroupHooksPlan } from '../rules/hooks.js';
import { GROUP_HOOK_EVENTS, PROJECT_HOOK_EVENTS, Roles } from '../world/types.js';

/**
 * A hook's recent deliveries, resending one, and test deliveries (`lib/api/hooks/events.rb`,
 * `resend_hook.rb`, `trigger_test.rb`, `test.rb`), for project hooks (Maintainers), group hooks
 * (Owners of a Premium group) and system hooks (administrators: the test only).
 * @module
 */

const hookPath = { id: p.string().required(), hook_id: p.id().required() };
const eventsQuery = {
  ...hookPath,
  status: p.strings({ comma: true }).values(STATUS_FILTERS),
  page: p.integer().default(1),
  per_page: p
    .integer()
    .default(20)
    .values([...Array(20).keys()].map((n) => n + 1)),
};
const resendPath = { ...hookPath, hook_log_id: p.id().required() };

function projectHookOf(ctx: RouteContext, ref: string, hookId: number) {
  const project = findProject(ctx.world, ctx.caller, ref);
  requireProjectRole(ctx.world, ctx.caller, project, Roles.Maintainer);
  return { project, hook: findProjectHook(ctx.world, project, hookId) };
}

function groupHookOf(ctx: RouteContext, ref: string, hookId: number) {
  const group = findGroup(ctx.world, ctx.caller, ref);
  requireGroupRole(ctx.world, ctx.caller, group, Roles.Owner);
  requireGroupHooksPlan(ctx.world, group);
  return { group, hook: findGroupHook(ctx.world, group, hookId) };
}

export const hookEventRoutes = [
  route('GET', '/projects/:id/hooks/:hook_id/events', (ctx) => {
    const q = parseParams(ctx.params, eventsQuery);
    const { hook } = projectHookOf(ctx, q.id, q.hook_id);
    return paginated(ctx, hookLogs(ctx.world, 'project', hook, q.status), q, presentHookLog);
  }),

  route('POST', '/projects/:id/hooks/:hook_id/events/:hook_log_id/resend', async (ctx) => {
    const q = parseParams(ctx.params, resendPath);
    const { project, hook } = projectHookOf(ctx, q.id, q.hook_id);
    checkHookRateLimit(ctx.world, 'web_hook_event_resend', `project:${project.id}`, ctx.caller.user);
    const log = findHookLog(ctx.world, 'project', hook, q.hook_log_id);
    return json(await resendHookLog(ctx.world, hook, log), 201);
  }),

  route('POST', '/projects/:id/hooks/:hook_id/test/:trigger', async (ctx) => {
    const q = parseParams(ctx.params, { ...hookPath, trigger: p.string().required().values(PROJECT_HOOK_EVENTS) });
    const { project, hook } = projectHookOf(ctx, q.id, q.hook_id);
    checkHookRateLimit(ctx.world, 'web_hook_test', `project:${project.id}`, ctx.caller.user);
    await testProjectHook(ctx.world, ctx.caller.user, project, hook, q.trigger);
    return json({ message: '201 Created' }, 201);
  }),

  route('GET', '/groups/:id/hooks/:hook_id/events', (ctx) => {
    const q = parseParams(ctx.params, eventsQuery);
    const { hook } = groupHookOf(ctx, q.id, q.hook_id);
    return paginated(ctx, hookLogs(ctx.world, 'group', hook, q.status), q, presentHookLog);
  }),

  route('POST', '/groups/:id/hooks/:hook_id/events/:hook_log_id/resend', async (ctx) => {
    const q = parseParams(ctx.params, resendPath);
    const { group, hook } = groupHookOf(ctx, q.id, q.hook_id);
    checkHookRateLimit(ctx.world, 'web_hook_event_resend', `group:${group.id}`, ctx.caller.user);
    const log = findHookLog(ctx.world, 'group', hook, q.hook_log_id);
    return json(await resendHookLog(ctx.world, hook, log), 201);
  }),

  route('POST', '/groups/:id/hooks/:hook_id/test/:trigger', async (ctx) => {
    const q = parseParams(ctx.params, { ...hookPath, trigger: p.string().required().values(GROUP_HOOK_EVENTS) });
    const { group, hook } = groupHookOf(ctx, q.id, q.hook_id);
    checkHookRateLimit(ctx.world, 'web_hook_test', `group:${group.id}`, ctx.caller.user);
    await testGroupHook(ctx.world, ctx.caller.user, group, hook, q.trigger);
    return json({ message: '201 Created' }, 201);
  }),

  // System hooks (`lib/api/system_hooks.rb` mounting `API::Hooks::Test`): a sample system event.
  route('POST', '/hooks/:hook_id', async (ctx) => {
    const q = parseParams(ctx.params, { hook_id: p.id().required() });
    requireAdmin(ctx.caller);
    return json(await testSystemHook(ctx.world, findSystemHook(ctx.world, q.hook_id)), 201);
  }),
];
