import { checkUnmodifiedSince } from '../http/conditional.js';
import { paginated } from '../http/pagination.js';
import { type Constraints, p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent, notModified } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentMergeRequest, presentMergeRequestFull, presentMergeRequestSimple } from '../present/merge-requests.js';
import { presentUserId } from '../present/users.js';
import { findGroup, findProject, requireAiWorkflowsScope, signedIn } from '../rules/access.js';
import { milestoneIdByTitle } from '../rules/issuables.js';
import {
  createMergeRequest,
  findMergeRequest,
  listGroupMergeRequests,
  listMergeRequests,
  listProjectMergeRequests,
  type MergeRequestFilters,
  mergeMergeRequest,
  participantsOf,
  updateMergeRequest,
} from '../rules/merge-requests.js';
import { authorize } from '../rules/policy.js';
import { removeMergeRequest } from '../rules/removal.js';
import { changeSubscription, subscribableIid } from '../rules/subscriptions.js';
import type { Group, MergeRequest } from '../world/types.js';
import {
  issuableFilters,
  issuableListParams,
  issuableOrder,
  noneOrAny,
  SCOPES,
  userIdOrNoneAny,
} from './issuable-params.js';

/**
 * Merge requests: /merge_requests and /projects/:id/merge_requests (GitLab's
 * lib/api/merge_requests.rb). Reading needs `read_merge_request` (Reporter up
 * in a private project), opening one Developer, merging the right to push or
 * merge into the target branch.
 * @module
 */

// lib/api/merge_requests.rb: `requires :merge_request_iid, type: Integer`, so 0 or a negative iid is looked up (404), not refused.
const mergeRequestPath = { id: p.string().required(), merge_request_iid: p.integer().required() };

const listParams = {
  ...issuableListParams,
  state: p.string().values(['opened', 'closed', 'locked', 'merged', 'all']).default('all'),
  order_by: p
    .string()
    .values(['created_at', 'updated_at', 'merged_at', 'title', 'label_priority'])
    .default('created_at'),
  reviewer_id: userIdOrNoneAny(),
  reviewer_username: p.string(),
  source_branch: p.string(),
  target_branch: p.string(),
  wip: p.string().values(['yes', 'no']),
  view: p.string().values(['simple']),
  in: p.string(),
  with_labels_details: p.boolean().default(false),
  merge_user_id: p.integer(),
  merge_user_username: p.string(),
  // `not` (lib/api/helpers/merge_requests_helpers.rb, `merge_requests_negatable_params`): its keys as Rack
  // reads `not[labels][]=…`, so that a refusal names them as Grape does (`not[reviewer_id] is invalid`).
  'not[labels]': p.strings({ comma: true }),
  'not[milestone]': p.string(),
  'not[author_id]': p.integer(),
  'not[author_username]': p.string(),
  'not[assignee_id]': userIdOrNoneAny(),
  'not[assignee_username]': p.strings({ comma: true }),
  // An Integer only: `None` and `Any` are not negatable.
  'not[reviewer_id]': p.integer(),
  'not[reviewer_username]': p.string(),
  ...paginationParams,
};

/** The instance-wide list's scopes: the issues' and `reviews_for_me` (lib/api/helpers/merge_requests_helpers.rb). */
const MERGE_REQUEST_SCOPES = [...SCOPES, 'reviews_for_me'];

const listConstraints: Constraints<typeof listParams> = {
  mutuallyExclusive: [
    ['author_id', 'author_username'],
    ['assignee_id', 'assignee_username'],
    ['reviewer_id', 'reviewer_username'],
    ['merge_user_id', 'merge_user_username'],
    ['not[author_id]', 'not[author_username]'],
    ['not[assignee_id]', 'not[assignee_username]'],
    ['not[reviewer_id]', 'not[reviewer_username]'],
  ],
};

type ListParams = ReturnType<typeof parseParams<typeof listParams>> & { iids?: number[]; scope?: string };

function filtersOf(q: ListParams): MergeRequestFilters {
  return {
    ...issuableFilters(q),
    sourceBranch: q.source_branch,
    targetBranch: q.target_branch,
    reviewerId: noneOrAny<number>(q.reviewer_id),
    reviewerUsername: q.reviewer_username,
    draft: q.wip as 'yes' | 'no' | undefined,
    searchIn: q.in,
    mergeUserId: q.merge_user_id,
    mergeUserUsername: q.merge_user_username,
    not: {
      labels: q['not[labels]'],
      milestone: q['not[milestone]'],
      authorId: q['not[author_id]'],
      authorUsername: q['not[author_username]'],
      assigneeId: noneOrAny<number>(q['not[assignee_id]']),
      assigneeUsernames: q['not[assignee_username]'],
      reviewerId: q['not[reviewer_id]'],
      reviewerUsername: q['not[reviewer_username]'],
    },
  };
}

/** A page of merge requests; `from`, a group list's group, which their `references.relative` are relative to. */
function listAnswer(ctx: RouteContext, q: ListParams, mergeRequests: MergeRequest[], from?: Group) {
  const present =
    q.view === 'simple'
      ? (mr: MergeRequest) => presentMergeRequestSimple(ctx.world, mr)
      : (mr: MergeRequest) => presentMergeRequest(ctx.world, mr, q.with_labels_details, from);
  // Both presenters build a new entity on every call: the page reuses the text of unchanged ones.
  return paginated(ctx, mergeRequests, q, present, { reuseJson: true });
}

/** What create and update take besides branches and state. */
const fieldParams = {
  description: p.string(),
  assignee_id: p.integer(),
  assignee_ids: p.integers(),
  reviewer_ids: p.integers(),
  milestone_id: p.integer(),
  milestone: p.string(),
  labels: p.strings({ comma: true }),
  add_labels: p.strings({ comma: true }),
  remove_labels: p.strings({ comma: true }),
  remove_source_branch: p.boolean(),
  allow_collaboration: p.boolean(),
  allow_maintainer_to_push: p.boolean(),
  squash: p.boolean(),
  merge_after: p.string(),
};

/**
 * `POST /projects/:id/merge_requests/:merge_request_iid/subscribe` and `unsubscribe` (`lib/api/subscriptions.rb`):
 * the merge request found (`404 Not found`), then `update_merge_request` asked of it (403: a Guest, an outsider of a
 * public project); 201 with the merge request, or 304 when the caller's state already is the one asked (its author,
 * assignees and reviewers are subscribed until they unsubscribe).
 */
function mergeRequestSubscription(ctx: RouteContext, subscribe: boolean) {
  const q = parseParams(ctx.params, { id: p.string().required(), merge_request_iid: p.string().required() });
  const project = findProject(ctx.world, ctx.caller, q.id);
  const mr = findMergeRequest(ctx.world, project, subscribableIid(q.merge_request_iid));
  authorize(ctx.world, ctx.caller, 'update_merge_request', mr);
  const subject = { type: 'MergeRequest', record: mr } as const;
  if (!changeSubscription(ctx.world, ctx.caller.user, subject, project, subscribe)) return notModified();
  return json(presentMergeRequestFull(ctx.world, ctx.caller, mr), 201);
}

export const mergeRequestRoutes = [
  route(
    'GET',
    '/merge_requests',
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, 'GET');
      const spec = { ...listParams, scope: p.string().values(MERGE_REQUEST_SCOPES).default('created_by_me') };
      const q = parseParams(ctx.params, spec, listConstraints);
      // lib/api/merge_requests.rb: `authenticate! unless params[:scope] == 'all'`.
      if (q.scope !== 'all') signedIn(ctx.caller);
      const order = issuableOrder(q);
      return listAnswer(ctx, q, listMergeRequests(ctx.world, ctx.caller, filtersOf(q), order));
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/projects/:id/merge_requests',
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, 'GET');
      const spec = { ...listParams, id: p.string().required(), iids: p.integers() };
      const q = parseParams(ctx.params, spec, listConstraints);
      const project = findProject(ctx.world, ctx.caller, q.id);
      const found = listProjectMergeRequests(ctx.world, ctx.caller, project, filtersOf(q), issuableOrder(q));
      return listAnswer(ctx, q, found);
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/groups/:id/merge_requests',
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, 'GET');
      // lib/api/merge_requests.rb: `merge_requests_params` (no default scope: the finder's is `all`), and `non_archived`.
      const spec = {
        ...listParams,
        id: p.string().required(),
        scope: p.string().values(MERGE_REQUEST_SCOPES),
        non_archived: p.boolean().default(true),
      };
      // No `authenticate!`: a scope of one's own finds nothing for an anonymous caller.
      const q = parseParams(ctx.params, spec, listConstraints);
      const group = findGroup(ctx.world, ctx.caller, q.id);
      const found = listGroupMergeRequests(
        ctx.world,
        ctx.caller,
        group,
        filtersOf(q),
        issuableOrder(q),
        q.non_archived,
      );
      return listAnswer(ctx, q, found, group);
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/projects/:id/merge_requests/:merge_request_iid',
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, 'GET');
      const q = parseParams(ctx.params, {
        ...mergeRequestPath,
        render_html: p.boolean(),
        include_rebase_in_progress: p.boolean(),
      });
      const project = findProject(ctx.world, ctx.caller, q.id);
      // GitLab's find_merge_request_with_access: the lookup (404), then read_merge_request (403).
      const mr = findMergeRequest(ctx.world, project, q.merge_request_iid);
      authorize(ctx.world, ctx.caller, 'read_merge_request', project);
      const view = { renderHtml: q.render_html, includeRebaseInProgress: q.include_rebase_in_progress };
      return json(presentMergeRequestFull(ctx.world, ctx.caller, mr, view));
    },
    { checksScopes: true },
  ),

  route(
    'GET',
    '/projects/:id/merge_requests/:merge_request_iid/participants',
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, 'GET');
      const q = parseParams(ctx.params, { ...mergeRequestPath, ...paginationParams });
      const project = findProject(ctx.world, ctx.caller, q.id);
      // find_merge_request_with_access: the lookup (404), then read_merge_request (403).
      const mr = findMergeRequest(ctx.world, project, q.merge_request_iid);
      authorize(ctx.world, ctx.caller, 'read_merge_request', project);
      return paginated(ctx, participantsOf(ctx.world, project, mr), q, (user) => presentUserId(ctx.world, user.id));
    },
    { checksScopes: true },
  ),

  route(
    'POST',
    '/projects/:id/merge_requests',
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, 'POST');
      const q = parseParams(
        ctx.params,
        {
          id: p.string().required(),
          title: p.string().required(),
          source_branch: p.string().required(),
          target_branch: p.string().required(),
          target_project_id: p.integer(),
          ...fieldParams,
        },
        { mutuallyExclusive: [['milestone_id', 'milestone']] },
      );
      const project = findProject(ctx.world, ctx.caller, q.id);
      authorize(ctx.world, ctx.caller, 'create_merge_request_from', project);
      const milestone_id =
        q.milestone === undefined ? q.milestone_id : milestoneIdByTitle(ctx.world, project, q.milestone);
      const mr = createMergeRequest(ctx.world, ctx.caller, project, { ...q, milestone_id });
      return json(presentMergeRequestFull(ctx.world, ctx.caller, mr), 201);
    },
    { checksScopes: true },
  ),

  route(
    'PUT',
    '/projects/:id/merge_requests/:merge_request_iid',
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, 'PUT');
      const q = parseParams(
        ctx.params,
        {
          ...mergeRequestPath,
          title: p.string().notBlank(),
          target_branch: p.string().notBlank(),
          state_event: p.string().values(['close', 'reopen']),
          discussion_locked: p.boolean(),
          ...fieldParams,
        },
        {
          mutuallyExclusive: [['milestone_id', 'milestone']],
          // GitLab's update_params_at_least_one_of, in its order.
          atLeastOneOf: [
            [
              'assignee_id',
              'assignee_ids',
              'reviewer_ids',
              'description',
              'labels',
              'add_labels',
              'remove_labels',
              'milestone_id',
              'milestone',
              'remove_source_branch',
              'allow_collaboration',
              'allow_maintainer_to_push',
              'squash',
              'target_branch',
              'title',
              'state_event',
              'discussion_locked',
              'merge_after',
            ],
          ],
        },
      );
      const project = findProject(ctx.world, ctx.caller, q.id);
      const mr = findMergeRequest(ctx.world, project, q.merge_request_iid);
      authorize(ctx.world, ctx.caller, 'update_merge_request', mr);
      const milestone_id =
        q.milestone === undefined ? q.milestone_id : milestoneIdByTitle(ctx.world, project, q.milestone);
      const changes = { ...q, milestone_id, state_event: q.state_event as 'close' | 'reopen' | undefined };
      return json(
        presentMergeRequestFull(ctx.world, ctx.caller, updateMergeRequest(ctx.world, ctx.caller, project, mr, changes)),
      );
    },
    { checksScopes: true },
  ),

  route('DELETE', '/projects/:id/merge_requests/:merge_request_iid', (ctx) => {
    const q = parseParams(ctx.params, mergeRequestPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    // lib/api/merge_requests.rb: `find_project_merge_request` (404), `authorize!(:destroy_merge_request, …)` (403),
    // then `destroy_conditionally!` (412 for a stale If-Unmodified-Since) and `Issuable::DestroyService`.
    const mr = findMergeRequest(ctx.world, project, q.merge_request_iid);
    authorize(ctx.world, ctx.caller, 'destroy_merge_request', mr);
    checkUnmodifiedSince(ctx.request, mr.updated_at);
    removeMergeRequest(ctx.world, mr);
    return noContent();
  }),

  route('PUT', '/projects/:id/merge_requests/:merge_request_iid/merge', (ctx) => {
    const q = parseParams(ctx.params, {
      ...mergeRequestPath,
      merge_commit_message: p.string(),
      squash_commit_message: p.string(),
      should_remove_source_branch: p.boolean(),
      merge_when_pipeline_succeeds: p.boolean(),
      auto_merge: p.boolean(),
      sha: p.string(),
      squash: p.boolean(),
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    // GitLab's find_project_merge_request: no read check here; a caller who may not merge gets 401 from the rule.
    const mr = findMergeRequest(ctx.world, project, q.merge_request_iid);
    return json(
      presentMergeRequestFull(ctx.world, ctx.caller, mergeMergeRequest(ctx.world, ctx.caller, project, mr, q)),
    );
  }),

  // `lib/api/subscriptions.rb`: `find_merge_request_with_access(id, :update_merge_request)`.
  route('POST', '/projects/:id/merge_requests/:merge_request_iid/subscribe', (ctx) =>
    mergeRequestSubscription(ctx, true),
  ),
  route('POST', '/projects/:id/merge_requests/:merge_request_iid/unsubscribe', (ctx) =>
    mergeRequestSubscription(ctx, false),
  ),
];
