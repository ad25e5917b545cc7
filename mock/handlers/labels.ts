import { checkUnmodifiedSince } from '../http/conditional.js';
import { paginated } from '../http/pagination.js';
import { type Constraints, type Parsed, p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent, notModified } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentGroupLabel, presentProjectLabel } from '../present/labels.js';
import { AI_WORKFLOWS_READS, findGroup, findProject, requireAiWorkflowsScope } from '../rules/access.js';
import {
  createLabel,
  deleteLabel,
  findLabel,
  groupLabels,
  labelOwner,
  projectAndGroupLabels,
  projectLabels,
  promoteLabel,
  promotionFailed,
  searchLabels,
  updateLabel,
} from '../rules/labels.js';
import { authorize } from '../rules/policy.js';
import { changeSubscription } from '../rules/subscriptions.js';
import { projectGroup } from '../world/memberships.js';
import type { Project } from '../world/types.js';

/**
 * Labels: /projects/:id/labels (list, get, create, update, delete, promote, and the deprecated
 * routes that name the label in their parameters) and /groups/:id/labels (list, get)
 * (`lib/api/labels.rb`, `group_labels.rb`, `lib/api/helpers/label_helpers.rb`), and both scopes'
 * subscribe and unsubscribe (`lib/api/subscriptions.rb`). Whoever reads the project or group reads
 * its labels and subscribes to them; Planners and up manage a project's labels (GitLab's
 * `admin_label`), and its group's with `admin_label` in the group.
 * @module
 */

const projectPath = { id: p.string().required() };
const labelPath = { ...projectPath, label_id: p.string().required() };

/** `priority` is `allow_blank`: an empty value clears it, as `null` does. */
const withBlankPriority = (ctx: RouteContext) =>
  ctx.params.priority === '' ? { ...ctx.params, priority: null } : ctx.params;

/** A project's labels as its two reads list them: with its groups' (all ancestors, or only its own group). */
const visibleLabels = (ctx: RouteContext, project: Project, includeAncestorGroups: boolean) =>
  includeAncestorGroups ? projectLabels(ctx.world, project) : projectAndGroupLabels(ctx.world, project);

/** `lib/api/labels.rb`: `allow_access_with_scope :ai_workflows, if: ->(request) { request.get? || request.head? }`. */
const readScopes = (ctx: RouteContext) => requireAiWorkflowsScope(ctx.caller, ctx.request.method, AI_WORKFLOWS_READS);

/** `label_update_params` and `priority` (`project_label_update_params`, `lib/api/helpers/label_helpers.rb`). */
const updateParams = {
  new_name: p.string(),
  color: p.string(),
  description: p.string(),
  priority: p.integer().nullable(),
  // Declared since 18.3 and ignored while the `labels_archive` flag (wip, off by default) is off.
  archived: p.boolean(),
};
const updateConstraints = {
  atLeastOneOf: [['new_name', 'color', 'description', 'priority', 'archived']],
} satisfies Constraints<typeof updateParams>;

/** The deprecated routes name the label in their parameters: `label_id` (an Integer) or `name`, exactly one. */
const labelRefParams = { label_id: p.integer(), name: p.string() };
const deprecatedUpdateParams = { ...projectPath, ...labelRefParams, ...updateParams };
const deprecatedUpdateConstraints = {
  ...updateConstraints,
  exactlyOneOf: [['label_id', 'name']],
} satisfies Constraints<typeof deprecatedUpdateParams>;

/** `params_id_or_title` (`lib/api/helpers/label_helpers.rb`): `params[:label_id] || params[:name]`. */
const labelRef = (q: { label_id?: string | number; name?: string }) => String(q.label_id ?? q.name);

/** `update_label` (`lib/api/helpers/label_helpers.rb`), for the REST route and the deprecated one. */
function updateProjectLabel(
  ctx: RouteContext,
  q: { id: string; label_id?: string | number; name?: string } & Partial<Parsed<typeof updateParams>>,
) {
  const project = findProject(ctx.world, ctx.caller, q.id);
  authorize(ctx.world, ctx.caller, 'admin_label', project);
  // `find_label(parent, ..., include_ancestor_groups: false)`: the project's labels and its own group's.
  const label = findLabel(projectAndGroupLabels(ctx.world, project), labelRef(q));
  // Changing the label itself (not only its priority in this project) asks `admin_label` of the label:
  // of its group, for a group label (`authorize! :admin_label, label` when `update_params.present?`).
  if (q.new_name !== undefined || q.color !== undefined || q.description !== undefined) {
    authorize(ctx.world, ctx.caller, 'admin_label', labelOwner(ctx.world, label));
  }
  const changed = updateLabel(ctx.world, project, label, {
    title: q.new_name,
    color: q.color,
    description: q.description,
    priority: q.priority,
  });
  return json(presentProjectLabel(ctx.world, ctx.caller.user, project, changed));
}

/** `delete_label` (`lib/api/helpers/label_helpers.rb`), for the REST route and the deprecated one. */
function deleteProjectLabel(ctx: RouteContext, q: { id: string; label_id?: string | number; name?: string }) {
  const project = findProject(ctx.world, ctx.caller, q.id);
  // GitLab finds the label (the project's or its own group's) before it checks the right to delete
  // it, asked of the label: of its group, for a group label (`authorize! :admin_label, label`).
  const label = findLabel(projectAndGroupLabels(ctx.world, project), labelRef(q));
  authorize(ctx.world, ctx.caller, 'admin_label', labelOwner(ctx.world, label));
  // `destroy_conditionally!(label)` (`lib/api/helpers.rb`): 412 when the label changed after `If-Unmodified-Since`.
  checkUnmodifiedSince(ctx.request, label.updated_at);
  deleteLabel(ctx.world, label);
  return noContent();
}

/**
 * `promote_label` (`lib/api/helpers/label_helpers.rb`), for both routes: a project in no group is 400
 * before anything else; promoting asks `admin_label` of the group; the label is the project's or its
 * group's (`include_ancestor_groups: false`), and a group label is 400 (`Labels::PromoteService`
 * promotes project labels only). The group label is answered with the Label entity, 200.
 */
function promoteProjectLabel(ctx: RouteContext, q: { id: string; label_id?: string; name?: string }) {
  const project = findProject(ctx.world, ctx.caller, q.id);
  const group = projectGroup(ctx.world, project);
  if (!group) throw promotionFailed().because(`project ${project.path_with_namespace} is in no group`);
  authorize(ctx.world, ctx.caller, 'admin_label', group);
  const label = findLabel(projectAndGroupLabels(ctx.world, project), labelRef(q));
  return json(presentGroupLabel(ctx.world, ctx.caller.user, promoteLabel(ctx.world, project, label)));
}

/**
 * `lib/api/subscriptions.rb`: 304 when the caller's choice in the project is already the one asked
 * (`resource.subscribed?(current_user, parent)`), else it is recorded (`subscribe` / `unsubscribe`)
 * and the label answered, 201.
 */
function projectLabelSubscription(ctx: RouteContext, subscribe: boolean) {
  const q = parseParams(ctx.params, labelPath);
  const project = findProject(ctx.world, ctx.caller, q.id);
  const label = findLabel(projectLabels(ctx.world, project), q.label_id);
  const subject = { type: 'Label', record: label } as const;
  if (!changeSubscription(ctx.world, ctx.caller.user, subject, project, subscribe)) return notModified();
  return json(presentProjectLabel(ctx.world, ctx.caller.user, project, label), 201);
}

/**
 * {@link projectLabelSubscription} for a group's label, chosen without a project: `find_label(user_group, id)`
 * passes only `include_ancestor_groups: true`, so `LabelsFinder` finds the group's and its ancestors' labels and
 * the labels of the group's own projects the caller can read (`only_group_labels` unset).
 */
function groupLabelSubscription(ctx: RouteContext, subscribe: boolean) {
  const q = parseParams(ctx.params, labelPath);
  const group = findGroup(ctx.world, ctx.caller, q.id);
  const labels = groupLabels(ctx.world, ctx.caller.user, group, {
    includeAncestorGroups: true,
    includeDescendantGroups: false,
    onlyGroupLabels: false,
  });
  const label = findLabel(labels, q.label_id);
  const subject = { type: 'Label', record: label } as const;
  if (!changeSubscription(ctx.world, ctx.caller.user, subject, null, subscribe)) return notModified();
  return json(presentGroupLabel(ctx.world, ctx.caller.user, label), 201);
}

export const labelRoutes = [
  route(
    'GET',
    '/projects/:id/labels',
    (ctx) => {
      readScopes(ctx);
      const q = parseParams(ctx.params, {
        ...projectPath,
        with_counts: p.boolean().default(false),
        include_ancestor_groups: p.boolean().default(true),
        search: p.string(),
        ...paginationParams,
      });
      const project = findProject(ctx.world, ctx.caller, q.id);
      const labels = searchLabels(visibleLabels(ctx, project, q.include_ancestor_groups), q.search);
      return paginated(ctx, labels, q, (l) =>
        presentProjectLabel(ctx.world, ctx.caller.user, project, l, q.with_counts),
      );
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/projects/:id/labels/:label_id',
    (ctx) => {
      readScopes(ctx);
      const q = parseParams(ctx.params, { ...labelPath, include_ancestor_groups: p.boolean().default(true) });
      const project = findProject(ctx.world, ctx.caller, q.id);
      const label = findLabel(visibleLabels(ctx, project, q.include_ancestor_groups), q.label_id);
      return json(presentProjectLabel(ctx.world, ctx.caller.user, project, label));
    },
    { checksScopes: true },
  ),

  route('POST', '/projects/:id/labels', (ctx) => {
    const q = parseParams(withBlankPriority(ctx), {
      ...projectPath,
      name: p.string().required(),
      color: p.string().required(),
      description: p.string(),
      priority: p.integer().nullable(),
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_label', project);
    const label = createLabel(ctx.world, project, {
      title: q.name,
      color: q.color,
      description: q.description,
      priority: q.priority,
    });
    return json(presentProjectLabel(ctx.world, ctx.caller.user, project, label), 201);
  }),

  // Declared before `/projects/:id/labels/:label_id`, as in `lib/api/labels.rb`: a label named `promote` is not updated here.
  route('PUT', '/projects/:id/labels/promote', (ctx) =>
    promoteProjectLabel(ctx, parseParams(ctx.params, { ...projectPath, name: p.string().required() })),
  ),

  route('PUT', '/projects/:id/labels/:label_id/promote', (ctx) =>
    promoteProjectLabel(ctx, parseParams(ctx.params, labelPath)),
  ),

  route('PUT', '/projects/:id/labels', (ctx) =>
    updateProjectLabel(ctx, parseParams(withBlankPriority(ctx), deprecatedUpdateParams, deprecatedUpdateConstraints)),
  ),

  route('PUT', '/projects/:id/labels/:label_id', (ctx) =>
    updateProjectLabel(ctx, parseParams(withBlankPriority(ctx), { ...labelPath, ...updateParams }, updateConstraints)),
  ),

  route('DELETE', '/projects/:id/labels', (ctx) =>
    deleteProjectLabel(
      ctx,
      parseParams(ctx.params, { ...projectPath, ...labelRefParams }, { exactlyOneOf: [['label_id', 'name']] }),
    ),
  ),

  route('DELETE', '/projects/:id/labels/:label_id', (ctx) =>
    deleteProjectLabel(ctx, parseParams(ctx.params, labelPath)),
  ),

  route('GET', '/groups/:id/labels', (ctx) => {
    const q = parseParams(ctx.params, {
      ...projectPath,
      with_counts: p.boolean().default(false),
      include_ancestor_groups: p.boolean().default(true),
      include_descendant_groups: p.boolean().default(false),
      only_group_labels: p.boolean().default(true),
      search: p.string(),
      ...paginationParams,
    });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const labels = groupLabels(ctx.world, ctx.caller.user, group, {
      includeAncestorGroups: q.include_ancestor_groups,
      includeDescendantGroups: q.include_descendant_groups,
      onlyGroupLabels: q.only_group_labels,
    });
    return paginated(ctx, searchLabels(labels, q.search), q, (l) =>
      presentGroupLabel(ctx.world, ctx.caller.user, l, q.with_counts),
    );
  }),

  route('GET', '/groups/:id/labels/:label_id', (ctx) => {
    const q = parseParams(ctx.params, {
      ...labelPath,
      include_ancestor_groups: p.boolean().default(true),
      include_descendant_groups: p.boolean().default(false),
      only_group_labels: p.boolean().default(true),
    });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const labels = groupLabels(ctx.world, ctx.caller.user, group, {
      includeAncestorGroups: q.include_ancestor_groups,
      includeDescendantGroups: q.include_descendant_groups,
      onlyGroupLabels: q.only_group_labels,
    });
    return json(presentGroupLabel(ctx.world, ctx.caller.user, findLabel(labels, q.label_id)));
  }),
  // `lib/api/subscriptions.rb`: a label found as `find_label(user_project, id)` finds it (ancestor groups' too).
  route('POST', '/projects/:id/labels/:label_id/subscribe', (ctx) => projectLabelSubscription(ctx, true)),
  route('POST', '/projects/:id/labels/:label_id/unsubscribe', (ctx) => projectLabelSubscription(ctx, false)),
  // The group's: `find_label(user_group, id)`, and no project (`parent_resource` is nil for a group).
  route('POST', '/groups/:id/labels/:label_id/subscribe', (ctx) => groupLabelSubscription(ctx, true)),
  route('POST', '/groups/:id/labels/:label_id/unsubscribe', (ctx) => groupLabelSubscription(ctx, false)),
];
