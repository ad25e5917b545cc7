import type { World } from '../../mock/world/types.js';

/**
 * Every foreign key of the world, checked: the references of each table to a user, group,
 * project, milestone, merge request, protected branch, rule, token or application that is gone,
 * as `table #id field → missing table #id` lines (empty when the world is whole). A new table or
 * field that names another record gets its line here. Kept deliberately separate from the mock's
 * cascade (`mock/rules/removal.ts`), so that a reference the cascade forgets shows up.
 *
 * Two references are soft, as in GitLab, and not checked: an event's `target_id` of a milestone
 * (a milestone's events outlive it: its `destroyed` event names it), and an access token's
 * `previous_id` (a rotation chain ends where a token was dropped with its whole family).
 */
export function danglingReferences(world: World): string[] {
  const out: string[] = [];
  const check = (
    where: string,
    field: string,
    table: Map<number, unknown>,
    id: number | null | undefined,
    name: string,
  ) => {
    if (id !== null && id !== undefined && !table.has(id)) out.push(`${where} ${field} → missing ${name} #${id}`);
  };
  const user = (where: string, field: string, id: number | null | undefined) =>
    check(where, field, world.users, id, 'user');
  const group = (where: string, field: string, id: number | null | undefined) =>
    check(where, field, world.groups, id, 'group');
  const project = (where: string, field: string, id: number | null | undefined) =>
    check(where, field, world.projects, id, 'project');

  for (const t of world.tokens.values()) {
    const where = `token #${t.id}`;
    user(where, 'user_id', t.user_id);
    project(where, 'project_id', t.project_id);
    group(where, 'group_id', t.group_id);
    if (world.tokenIds.get(t.value) !== t.id) out.push(`${where} value is not indexed in tokenIds`);
  }
  for (const [value, id] of world.tokenIds) {
    if (world.tokens.get(id)?.value !== value) out.push(`tokenIds entry → missing token #${id}`);
  }
  for (const g of world.groups.values()) {
    const where = `group #${g.id}`;
    group(where, 'parent_id', g.parent_id);
    const parent = g.parent_id === null ? undefined : world.groups.get(g.parent_id);
    const expected = parent ? `${parent.full_path}/${g.path}` : g.path;
    if (g.full_path !== expected) out.push(`${where} full_path ${g.full_path} is not ${expected}`);
    for (const id of g.members.keys()) user(where, 'members', id);
    for (const [id, m] of g.memberships ?? []) {
      user(where, 'memberships', id);
      user(where, 'memberships.created_by_id', m.created_by_id);
    }
    user(where, 'marked_for_deletion_by', g.marked_for_deletion_by);
  }
  for (const p of world.projects.values()) {
    const where = `project #${p.id}`;
    if (p.namespace.kind === 'group') {
      group(where, 'namespace', p.namespace.id);
      const ns = world.groups.get(p.namespace.id);
      if (ns && p.path_with_namespace !== `${ns.full_path}/${p.path}`) {
        out.push(`${where} path_with_namespace ${p.path_with_namespace} is not under ${ns.full_path}`);
      }
    } else user(where, 'namespace', p.namespace.id);
    for (const id of p.members.keys()) user(where, 'members', id);
    for (const [id, m] of p.memberships ?? []) {
      user(where, 'memberships', id);
      user(where, 'memberships.created_by_id', m.created_by_id);
    }
    user(where, 'marked_for_deletion_by', p.marked_for_deletion_by);
    user(where, 'creator_id', p.creator_id);
  }
  for (const m of world.milestones.values()) {
    project(`milestone #${m.id}`, 'project_id', m.project_id);
    group(`milestone #${m.id}`, 'group_id', m.group_id);
  }
  for (const i of world.issues.values()) {
    const where = `issue #${i.id}`;
    project(where, 'project_id', i.project_id);
    user(where, 'author_id', i.author_id);
    for (const id of i.assignee_ids) user(where, 'assignee_ids', id);
    user(where, 'closed_by_id', i.closed_by_id);
    check(where, 'milestone_id', world.milestones, i.milestone_id, 'milestone');
  }
  for (const mr of world.mergeRequests.values()) {
    const where = `merge request #${mr.id}`;
    project(where, 'project_id', mr.project_id);
    user(where, 'author_id', mr.author_id);
    for (const id of mr.committer_ids) user(where, 'committer_ids', id);
    for (const id of mr.assignee_ids) user(where, 'assignee_ids', id);
    for (const id of mr.reviewer_ids) user(where, 'reviewer_ids', id);
    for (const push of mr.pushes) user(where, 'pushes.author_id', push.author_id);
    user(where, 'merged_by_id', mr.merged_by_id);
    user(where, 'closed_by_id', mr.closed_by_id);
    check(where, 'milestone_id', world.milestones, mr.milestone_id, 'milestone');
  }
  for (const k of world.sshKeys.values()) user(`ssh key #${k.id}`, 'user_id', k.user_id);
  for (const l of world.groupShares.values()) {
    group(`group share #${l.id}`, 'shared_group_id', l.shared_group_id);
    group(`group share #${l.id}`, 'shared_with_group_id', l.shared_with_group_id);
  }
  for (const l of world.projectShares.values()) {
    project(`project share #${l.id}`, 'project_id', l.project_id);
    group(`project share #${l.id}`, 'group_id', l.group_id);
  }
  for (const s of world.scimIdentities.values()) {
    group(`scim identity #${s.id}`, 'group_id', s.group_id);
    user(`scim identity #${s.id}`, 'user_id', s.user_id);
  }
  for (const b of world.protectedBranches.values()) {
    project(`protected branch #${b.id}`, 'project_id', b.project_id);
    group(`protected branch #${b.id}`, 'group_id', b.group_id);
  }
  const ruleRefs = (where: string, rule: { user_ids: number[]; group_ids: number[] }) => {
    for (const id of rule.user_ids) user(where, 'user_ids', id);
    for (const id of rule.group_ids) group(where, 'group_ids', id);
  };
  for (const r of world.projectApprovalRules.values()) {
    const where = `project approval rule #${r.id}`;
    project(where, 'project_id', r.project_id);
    ruleRefs(where, r);
    for (const id of r.protected_branch_ids)
      check(where, 'protected_branch_ids', world.protectedBranches, id, 'branch');
  }
  for (const r of world.groupApprovalRules.values()) {
    const where = `group approval rule #${r.id}`;
    group(where, 'group_id', r.group_id);
    ruleRefs(where, r);
    for (const id of r.protected_branch_ids)
      check(where, 'protected_branch_ids', world.protectedBranches, id, 'branch');
  }
  for (const r of world.mergeRequestApprovalRules.values()) {
    const where = `merge request approval rule #${r.id}`;
    check(where, 'merge_request_id', world.mergeRequests, r.merge_request_id, 'merge request');
    check(where, 'source_rule_id', world.projectApprovalRules, r.source_rule_id, 'project rule');
    ruleRefs(where, r);
  }
  for (const a of world.approvals.values()) {
    check(`approval #${a.id}`, 'merge_request_id', world.mergeRequests, a.merge_request_id, 'merge request');
    user(`approval #${a.id}`, 'user_id', a.user_id);
  }
  for (const l of world.labels.values()) {
    project(`label #${l.id}`, 'project_id', l.project_id);
    group(`label #${l.id}`, 'group_id', l.group_id);
    for (const id of l.priorities.keys()) project(`label #${l.id}`, 'priorities', id);
  }
  for (const s of world.subscriptions.values()) {
    const where = `subscription #${s.id}`;
    user(where, 'user_id', s.user_id);
    project(where, 'project_id', s.project_id);
    const table = { Label: world.labels, Issue: world.issues, MergeRequest: world.mergeRequests }[s.subscribable_type];
    check(where, 'subscribable_id', table as Map<number, unknown>, s.subscribable_id, s.subscribable_type);
  }
  for (const h of world.projectHooks.values()) project(`project hook #${h.id}`, 'project_id', h.project_id);
  for (const h of world.groupHooks.values()) group(`group hook #${h.id}`, 'group_id', h.group_id);
  for (const e of world.events.values()) {
    const where = `event #${e.id}`;
    project(where, 'project_id', e.project_id);
    group(where, 'group_id', e.group_id);
    user(where, 'author_id', e.author_id);
    if (e.target_type === 'Issue') check(where, 'target_id', world.issues, e.target_id, 'issue');
    if (e.target_type === 'MergeRequest') check(where, 'target_id', world.mergeRequests, e.target_id, 'merge request');
  }
  for (const s of world.oauthSessions.values()) user(`oauth session #${s.id}`, 'user_id', s.user_id);
  for (const g of world.oauthGrants.values()) {
    user(`oauth grant #${g.id}`, 'user_id', g.user_id);
    check(`oauth grant #${g.id}`, 'application_id', world.applications, g.application_id, 'application');
  }
  for (const t of world.oauthTokens.values()) {
    user(`oauth token #${t.id}`, 'user_id', t.user_id);
    check(`oauth token #${t.id}`, 'application_id', world.applications, t.application_id, 'application');
  }
  for (const key of world.rateLimitCounters.keys()) {
    const match = /:user:(\d+)$/.exec(key);
    if (match) user(`rate limit counter ${key}`, 'user', Number(match[1]));
  }
  return out;
}
