import * as z from 'zod';
import { invalid } from '../http/invalid.js';
import { groupByRef, projectByRef } from '../rules/access.js';
import { announce, type WebhookEvent } from '../rules/webhooks.js';
import type { Group, Project, Role, User, World } from '../world/types.js';
import { userNamed } from '../world/world.js';

/**
 * `mock.webhooks.trigger` and `POST /__mock/webhooks/trigger`: any event the mock sends, for a
 * record of the world as it is now, without changing anything (Stripe's `stripe trigger`):
 * what a receiver's test needs when driving the flow through the API is not the point.
 * Targets default from the world: the first project (or group), its latest merge request,
 * issue or milestone, the record's author or the first administrator as the user.
 * @module
 */

const ref = z.union([z.string().min(1), z.number().int().positive()]).optional();
const user = z.string().min(1).optional();

const MergeRequestTrigger = z.strictObject({
  event: z.literal('merge_request'),
  action: z
    .enum(['open', 'update', 'close', 'reopen', 'merge', 'approved', 'unapproved', 'approval', 'unapproval'])
    .default('open'),
  project: ref,
  iid: z.number().int().positive().optional(),
  user,
});
const IssueTrigger = z.strictObject({
  event: z.literal('issue'),
  action: z.enum(['open', 'update', 'close', 'reopen']).default('open'),
  project: ref,
  iid: z.number().int().positive().optional(),
  user,
});
const MilestoneTrigger = z.strictObject({
  event: z.literal('milestone'),
  action: z.enum(['create', 'close', 'reopen', 'delete']).default('create'),
  project: ref,
  group: ref,
  id: z.number().int().positive().optional(),
});
const TokenTrigger = z.strictObject({
  event: z.literal('resource_access_token'),
  project: ref,
  group: ref,
  token: z.number().int().positive().optional(),
});
const MemberTrigger = z.strictObject({
  event: z.literal('member'),
  action: z.enum(['create', 'update', 'destroy']).default('create'),
  group: ref,
  user,
});

/** @internal The schema of the type of the same name; the mock's entry points export the type only. */
export const WebhookTrigger = z.discriminatedUnion('event', [
  MergeRequestTrigger,
  IssueTrigger,
  MilestoneTrigger,
  TokenTrigger,
  MemberTrigger,
]);

/**
 * An event to send now (`mock.webhooks.trigger`): `event` names the kind, the rest picks the
 * record (ids or full paths; defaults from the world) and the action.
 */
export type WebhookTrigger = z.input<typeof WebhookTrigger>;

/** What a trigger did: the hooks the event was queued for. */
export interface WebhookTriggered {
  /** How many hooks it reaches (subscribed and not disabled). */
  hooks: number;
}

const refused = (message: string) => new TypeError(`webhook trigger: ${message}`);

function projectOf(world: World, given: string | number | undefined): Project {
  if (given === undefined) {
    const first = world.projects.values().next().value;
    if (!first) throw refused('the world has no project');
    return first;
  }
  const project = projectByRef(world, String(given));
  if (!project) throw refused(`no project ${given}`);
  return project;
}

function groupOf(world: World, given: string | number | undefined): Group {
  if (given === undefined) {
    const first = world.groups.values().next().value;
    if (!first) throw refused('the world has no group');
    return first;
  }
  const group = groupByRef(world, String(given));
  if (!group) throw refused(`no group ${given}`);
  return group;
}

function userOf(world: World, given: string | undefined, fallback: number | undefined): User {
  if (given !== undefined) {
    const named = userNamed(world, given);
    if (!named) throw refused(`no user ${given}`);
    return named;
  }
  const found =
    (fallback === undefined ? undefined : world.users.get(fallback)) ??
    [...world.users.values()].find((u) => u.admin) ??
    world.users.values().next().value;
  if (!found) throw refused('the world has no user');
  return found;
}

const latest = <T extends { iid: number }>(records: T[]) => records.sort((a, b) => b.iid - a.iid)[0];

/** The event a trigger names, its record found; a `TypeError` naming what is wrong otherwise. */
function eventOf(world: World, trigger: z.output<typeof WebhookTrigger>): WebhookEvent {
  switch (trigger.event) {
    case 'merge_request': {
      const project = projectOf(world, trigger.project);
      const mrs = [...world.mergeRequests.values()].filter((m) => m.project_id === project.id);
      const mr = trigger.iid === undefined ? latest(mrs) : mrs.find((m) => m.iid === trigger.iid);
      if (!mr)
        throw refused(
          `no merge request ${trigger.iid === undefined ? '' : `!${trigger.iid} `}in project ${project.path_with_namespace}`,
        );
      const actor = userOf(world, trigger.user, mr.author_id);
      return {
        kind: 'merge_request',
        project,
        group: null,
        subject: { type: 'merge_request', project, mr, user: actor, action: trigger.action },
      };
    }
    case 'issue': {
      const project = projectOf(world, trigger.project);
      const issues = [...world.issues.values()].filter((i) => i.project_id === project.id);
      const issue = trigger.iid === undefined ? latest(issues) : issues.find((i) => i.iid === trigger.iid);
      if (!issue)
        throw refused(
          `no issue ${trigger.iid === undefined ? '' : `#${trigger.iid} `}in project ${project.path_with_namespace}`,
        );
      const actor = userOf(world, trigger.user, issue.author_id);
      return {
        kind: issue.confidential ? 'confidential_issue' : 'issue',
        project,
        group: null,
        subject: { type: 'issue', project, issue, user: actor, action: trigger.action },
      };
    }
    case 'milestone': {
      const group = trigger.group === undefined ? undefined : groupOf(world, trigger.group);
      const project = group ? undefined : projectOf(world, trigger.project);
      const milestones = [...world.milestones.values()].filter((m) =>
        group ? m.group_id === group.id : m.project_id === project?.id,
      );
      const milestone = trigger.id === undefined ? latest(milestones) : milestones.find((m) => m.id === trigger.id);
      const where = group ? `group ${group.full_path}` : `project ${project?.path_with_namespace}`;
      if (!milestone) throw refused(`no milestone ${trigger.id ?? ''} in ${where}`.replace('  ', ' '));
      return {
        kind: 'milestone',
        project: project ?? null,
        group: group ?? null,
        subject: { type: 'milestone', milestone, action: trigger.action },
      };
    }
    case 'resource_access_token': {
      const group = trigger.group === undefined ? undefined : groupOf(world, trigger.group);
      const project = group ? undefined : projectOf(world, trigger.project);
      const tokens = [...world.tokens.values()].filter((t) =>
        group ? t.group_id === group.id : t.project_id === project?.id,
      );
      const token = trigger.token === undefined ? tokens.at(-1) : tokens.find((t) => t.id === trigger.token);
      const where = group ? `group ${group.full_path}` : `project ${project?.path_with_namespace}`;
      if (!token) throw refused(`no access token ${trigger.token ?? ''} of ${where}`.replace('  ', ' '));
      const resource = (group ?? project) as Project | Group;
      return {
        kind: 'resource_access_token',
        project: project ?? null,
        group: group ?? null,
        // The test sample is the 7-day notification, the one every GitLab sends.
        subject: { type: 'resource_access_token', token, resource, interval: 'seven_days' },
      };
    }
    case 'member': {
      const group = groupOf(world, trigger.group);
      const member = trigger.user === undefined ? undefined : userNamed(world, trigger.user);
      if (trigger.user !== undefined && !member) throw refused(`no user ${trigger.user}`);
      const userId = member?.id ?? group.members.keys().next().value;
      const role = userId === undefined ? undefined : group.members.get(userId);
      const target = userId === undefined ? undefined : world.users.get(userId);
      if (!target || role === undefined)
        throw refused(`${trigger.user ?? 'nobody'} is not a direct member of group ${group.full_path}`);
      const membership = group.memberships?.get(target.id) ?? { created_at: group.created_at, expires_at: null };
      return {
        kind: 'member',
        project: null,
        group,
        subject: { type: 'member', group, user: target, role: role as Role, membership, event: trigger.action },
      };
    }
  }
}

/** Sends the event a trigger names to the hooks it reaches; a bad trigger throws a `TypeError` naming its fault, sending nothing. */
export function triggerWebhook(world: World, input: unknown): WebhookTriggered {
  const parsed = WebhookTrigger.safeParse(input);
  if (!parsed.success) throw invalid('webhook trigger', parsed.error);
  return { hooks: announce(world, eventOf(world, parsed.data)) };
}
