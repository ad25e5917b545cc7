import { paginated } from '../http/pagination.js';
import { p, parseParams } from '../http/params.js';
import { json } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentHookLog } from '../present/hooks.js';
import { findGroup, findProject } from '../rules/access.js';
import { findGroupHook, findProjectHook, findSystemHook, requireGroupHooksPlan } from '../rules/hooks.js';
import { authorize } from '../rules/policy.js';
import {
  checkHookRateLimit,
  findHookLog,
  HOOK_TEST_TRIGGERS,
  hookLogs,
  resendHookLog,
  STATUS_FILTERS,
  testGroupHook,
  testProjectHook,
  testSystemHook,
} from '../webhooks/deliveries.js';
import type { Group, Project, User, WebHook, World } from '../world/types.js';
import { webHookAbility } from './hooks.js';

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

/** What differs between a project's and a group's hook event routes. */
interface HookParent<P extends Project | Group> {
  /** `/projects/:id` or `/groups/:id`. */
  base: string;
  type: 'project' | 'group';
  /** The parent and its hook, once the caller may manage its hooks (404 and 403 as GitLab). */
  locate: (ctx: RouteContext, ref: string, hookId: number) => { parent: P; hook: WebHook };
  test: (world: World, user: User, parent: P, hook: WebHook, trigger: string) => Promise<void>;
}

/** A project's or a group's hook events: the recent deliveries, resending one, and a test delivery. */
function hookEventResponses<P extends Project | Group>(parent: HookParent<P>) {
  const { base, type, locate } = parent;
  return [
    route('GET', `${base}/hooks/:hook_id/events`, (ctx) => {
      const q = parseParams(ctx.params, eventsQuery);
      const { hook } = locate(ctx, q.id, q.hook_id);
      return paginated(ctx, hookLogs(ctx.world, type, hook, q.status), q, presentHookLog);
    }),

    route('POST', `${base}/hooks/:hook_id/events/:hook_log_id/resend`, async (ctx) => {
      const q = parseParams(ctx.params, resendPath);
      const { parent: owner, hook } = locate(ctx, q.id, q.hook_id);
      checkHookRateLimit(ctx.world, 'web_hook_event_resend', `${type}:${owner.id}`, ctx.caller.user);
      const log = findHookLog(ctx.world, type, hook, q.hook_log_id);
      return json(await resendHookLog(ctx.world, hook, log), 201);
    }),

    route('POST', `${base}/hooks/:hook_id/test/:trigger`, async (ctx) => {
      const q = parseParams(ctx.params, { ...hookPath, trigger: p.string().required().values(HOOK_TEST_TRIGGERS) });
      const { parent: owner, hook } = locate(ctx, q.id, q.hook_id);
      checkHookRateLimit(ctx.world, 'web_hook_test', `${type}:${owner.id}`, ctx.caller.user);
      await parent.test(ctx.world, ctx.caller.user, owner, hook, q.trigger);
      return json({ message: '201 Created' }, 201);
    }),
  ];
}

export const hookEventRoutes = [
  ...hookEventResponses<Project>({
    base: '/projects/:id',
    type: 'project',
    locate: (ctx, ref, hookId) => {
      const project = findProject(ctx.world, ctx.caller, ref);
      authorize(ctx.world, ctx.caller, webHookAbility(ctx), project);
      return { parent: project, hook: findProjectHook(ctx.world, project, hookId) };
    },
    test: testProjectHook,
  }),

  ...hookEventResponses<Group>({
    base: '/groups/:id',
    type: 'group',
    locate: (ctx, ref, hookId) => {
      const group = findGroup(ctx.world, ctx.caller, ref);
      authorize(ctx.world, ctx.caller, webHookAbility(ctx), group);
      requireGroupHooksPlan(ctx.world, group);
      return { parent: group, hook: findGroupHook(ctx.world, group, hookId) };
    },
    test: testGroupHook,
  }),

  // System hooks (`lib/api/system_hooks.rb` mounting `API::Hooks::Test`): a sample system event.
  route('POST', '/hooks/:hook_id', async (ctx) => {
    const q = parseParams(ctx.params, { hook_id: p.id().required() });
    authorize(ctx.world, ctx.caller, webHookAbility(ctx), 'instance');
    return json(await testSystemHook(ctx.world, findSystemHook(ctx.world, q.hook_id)), 201);
  }),
];
