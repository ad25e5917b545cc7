import { paginated } from '../http/pagination.js';
import { type Constraints, p, paginationParams, parseParams } from '../http/params.js';
import { json, notModified } from '../http/respond.js';
import { type RouteContext, type RouteHandler, route } from '../http/router.js';
import { presentIssueFull, presentIssueStatistics } from '../present/issues.js';
import { findGroup, findProject, requireAiWorkflowsScope, signedIn } from '../rules/access.js';
import type { MilestoneWildcard, NegatedFilters } from '../rules/issuables.js';
import {
  checkAssigneesCount,
  createIssue,
  findIssue,
  type IssueFilters,
  issueByIid,
  listGroupIssues,
  listIssues,
  listProjectIssues,
  updateIssue,
} from '../rules/issues.js';
import { authorize } from '../rules/policy.js';
import { changeSubscription, subscribableIid } from '../rules/subscriptions.js';
import type { Issue } from '../world/types.js';
import { issuableFilterParams, issuableFilters, issuableListParams, issuableOrder, SCOPES } from './issuable-params.js';

/**
 * Issues: /issues, /projects/:id/issues, /groups/:id/issues and their statistics (GitLab's lib/api/issues.rb).
 * Whoever sees the project sees its issues but the confidential ones they may
 * not read, and may open one; editing needs Planner, or being its author or assignee.
 * @module
 */

const issuePath = { id: p.string().required(), issue_iid: p.id().required() };

/**
 * `issues_stats_params` (lib/api/issues.rb): the filters the lists and the statistics share. The statistics
 * declare no `state`, order or page, so a request's `state` is ignored there: the counts are by state.
 */
const statsParams = {
  ...issuableFilterParams,
  iids: p.integers(),
  confidential: p.boolean(),
  // Where `search` looks (`optional :in`).
  in: p.string(),
  // `optional :not, type: Hash` (negatable_issue_filter_params), as a query sends it: `not[labels]=a,b`.
  'not[labels]': p.strings({ comma: true }),
  'not[milestone]': p.string(),
  'not[author_id]': p.integer(),
  'not[author_username]': p.string(),
  'not[assignee_id]': p.integer(),
  'not[assignee_username]': p.strings({ comma: true }),
  'not[iids]': p.integers(),
  // `optional :milestone_id, types: String, values: %w[Any None Upcoming Started]`, plain and negated.
  milestone_id: p.string().values(['Any', 'None', 'Upcoming', 'Started']),
  'not[milestone_id]': p.string().values(['Any', 'None', 'Upcoming', 'Started']),
};

const statsConstraints: Constraints<typeof statsParams> = {
  mutuallyExclusive: [
    ['author_id', 'author_username'],
    ['assignee_id', 'assignee_username'],
    // `mutually_exclusive :milestone_id, :milestone`, in the parameters and in `not`.
    ['milestone', 'milestone_id'],
    ['not[milestone]', 'not[milestone_id]'],
  ],
};

/**
 * `issues_params`: a list's state, labels' details and order, then the statistics' filters and the page, in
 * GitLab's order (Grape names the invalid parameters in the order they are declared).
 */
const listParams = {
  // `optional :with_labels_details, type: Boolean, default: false`: labels as LabelBasic entities.
  with_labels_details: p.boolean().default(false),
  state: p.string().values(['opened', 'closed', 'all']).default('all'),
  // API::Helpers::IssuesHelpers.sort_options (lib/api/helpers/issues_helpers.rb and its EE override).
  order_by: p
    .string()
    .values([
      'created_at',
      'due_date',
      'label_priority',
      'milestone_due',
      'popularity',
      'priority',
      'relative_position',
      'title',
      'updated_at',
      // EE adds `weight` (ee/lib/ee/api/helpers/issues_helpers.rb).
      'weight',
    ])
    .default('created_at'),
  sort: issuableListParams.sort,
  ...statsParams,
  ...paginationParams,
};

const listConstraints: Constraints<typeof listParams> = statsConstraints;

interface NegatedParams {
  'not[labels]'?: string[];
  'not[milestone]'?: string;
  'not[author_id]'?: number;
  'not[author_username]'?: string;
  'not[assignee_id]'?: number;
  'not[assignee_username]'?: string[];
  'not[iids]'?: number[];
  'not[milestone_id]'?: string;
}

/** The `not[...]` parameters given, as the rules' negated filters (none given: no negation). */
function negatedOf(q: NegatedParams): NegatedFilters | undefined {
  const not: NegatedFilters = {
    labels: q['not[labels]'],
    // `Any` and `None` negate as `not[milestone]` does; `Upcoming` and `Started` are timeboxes.
    milestone: q['not[milestone]'] ?? anyOrNone(q['not[milestone_id]']),
    milestoneWildcard: timebox(q['not[milestone_id]']),
    authorId: q['not[author_id]'],
    authorUsername: q['not[author_username]'],
    assigneeId: q['not[assignee_id]'],
    assigneeUsernames: q['not[assignee_username]'],
    iids: q['not[iids]'],
  };
  return Object.values(not).some((value) => value !== undefined) ? not : undefined;
}

const anyOrNone = (value: string | undefined) => (value === 'Any' || value === 'None' ? value : undefined);
const timebox = (value: string | undefined) => (value === 'Upcoming' || value === 'Started' ? value : undefined);

function filtersOf(
  q: Parameters<typeof issuableFilters>[0] &
    NegatedParams & { confidential?: boolean; in?: string; milestone_id?: string },
): IssueFilters {
  return {
    ...issuableFilters(q),
    confidential: q.confidential,
    searchIn: q.in,
    not: negatedOf(q),
    milestoneWildcard: q.milestone_id as MilestoneWildcard | undefined,
  };
}

/**
 * The statistics' filters: every state (`Gitlab::IssuablesCountForState` counts each), and no `non_archived`,
 * which `issues_stats_params` does not declare, so archived projects' issues count.
 */
function statsFiltersOf(q: Omit<Parameters<typeof filtersOf>[0], 'state'>): IssueFilters {
  return filtersOf({ ...q, state: 'all' });
}

/**
 * A project's or a group's issue statistics (`issues_stats_params`, with the scope the lists take): the counts
 * of what `list` finds for the project or group `id` with the request's filters.
 */
function statisticsRoute(path: string, list: (ctx: RouteContext, id: string, filters: IssueFilters) => Issue[]) {
  return issueRoute('GET', path, (ctx) => {
    const spec = { ...statsParams, id: p.string().required(), scope: p.string().values(SCOPES) };
    const q = parseParams(ctx.params, spec, statsConstraints);
    checkAssigneesCount(ctx.world, 'assignee_username', q.assignee_username);
    return json(presentIssueStatistics(list(ctx, q.id, statsFiltersOf(q))));
  });
}

/** What create and update take besides title and state. */
const fieldParams = {
  description: p.string(),
  assignee_id: p.integer(),
  assignee_ids: p.integers(),
  milestone_id: p.integer(),
  // `labels: nil` clears them (spec/support/shared_examples/requests/api/issuable_update_shared_examples.rb).
  labels: p.strings({ comma: true }).nullable(),
  // `optional :confidential, type: Boolean, allow_blank: false` (lib/api/issues.rb): null is `confidential is empty`.
  confidential: p.boolean().notBlank(),
  weight: p.integer(),
};

/**
 * A route of lib/api/issues.rb, which `allow_ai_workflows_access`: an `ai_workflows` token may call it
 * besides the API scopes (`requireAiWorkflowsScope`), so the route checks the scopes itself.
 */
const issueRoute = (method: 'GET' | 'POST' | 'PUT', path: string, handler: RouteHandler) =>
  route(
    method,
    path,
    (ctx) => {
      requireAiWorkflowsScope(ctx.caller, method);
      return handler(ctx);
    },
    { checksScopes: true },
  );

/**
 * `POST /projects/:id/issues/:issue_iid/subscribe` and `unsubscribe` (`lib/api/subscriptions.rb`): 201 with the
 * issue, or 304 when the caller's state in the project already is the one asked (an author or assignee is
 * subscribed until they unsubscribe).
 */
function issueSubscription(ctx: RouteContext, subscribe: boolean) {
  const q = parseParams(ctx.params, { id: p.string().required(), issue_iid: p.string().required() });
  const project = findProject(ctx.world, ctx.caller, q.id);
  const issue = findIssue(ctx.world, ctx.caller, project, subscribableIid(q.issue_iid));
  const changed = changeSubscription(ctx.world, ctx.caller.user, { type: 'Issue', record: issue }, project, subscribe);
  return changed ? json(presentIssueFull(ctx.world, ctx.caller.user, issue), 201) : notModified();
}

export const issueRoutes = [
  issueRoute('GET', '/issues', (ctx) => {
    const q = parseParams(
      ctx.params,
      {
        ...listParams,
        scope: p.string().values(SCOPES).default('created_by_me'),
        // `optional :non_archived, type: Boolean, default: true` (lib/api/issues.rb, GET /issues).
        non_archived: p.boolean().default(true),
      },
      listConstraints,
    );
    checkAssigneesCount(ctx.world, 'assignee_username', q.assignee_username);
    // lib/api/issues.rb: `authenticate! unless params[:scope] == 'all'`.
    if (q.scope !== 'all') signedIn(ctx.caller);
    const filters = { ...filtersOf(q), nonArchived: q.non_archived };
    const issues = listIssues(ctx.world, ctx.caller, filters, issuableOrder(q));
    return paginated(ctx, issues, q, (issue) =>
      presentIssueFull(ctx.world, ctx.caller.user, issue, true, q.with_labels_details),
    );
  }),

  // lib/api/issues.rb: `authenticate! unless params[:scope] == 'all'`, the caller's own issues by default.
  issueRoute('GET', '/issues_statistics', (ctx) => {
    const spec = {
      ...statsParams,
      scope: p.string().values(['created_by_me', 'assigned_to_me', 'all']).default('created_by_me'),
    };
    const q = parseParams(ctx.params, spec, statsConstraints);
    checkAssigneesCount(ctx.world, 'assignee_username', q.assignee_username);
    if (q.scope !== 'all') signedIn(ctx.caller);
    return json(presentIssueStatistics(listIssues(ctx.world, ctx.caller, statsFiltersOf(q))));
  }),

  issueRoute('GET', '/projects/:id/issues', (ctx) => {
    const spec = { ...listParams, id: p.string().required(), scope: p.string().values(SCOPES).default('all') };
    const q = parseParams(ctx.params, spec, listConstraints);
    checkAssigneesCount(ctx.world, 'assignee_username', q.assignee_username);
    const project = findProject(ctx.world, ctx.caller, q.id);
    const issues = listProjectIssues(ctx.world, ctx.caller, project, filtersOf(q), issuableOrder(q));
    return paginated(ctx, issues, q, (issue) =>
      presentIssueFull(ctx.world, ctx.caller.user, issue, true, q.with_labels_details),
    );
  }),

  // lib/api/issues.rb's group route: `issues_params` (no default scope: the finder's is `all`) and `non_archived`,
  // no `authenticate!` (a public group's public projects for an anonymous caller); references from the group.
  issueRoute('GET', '/groups/:id/issues', (ctx) => {
    const spec = {
      ...listParams,
      id: p.string().required(),
      scope: p.string().values(SCOPES),
      non_archived: p.boolean().default(true),
    };
    const q = parseParams(ctx.params, spec, listConstraints);
    checkAssigneesCount(ctx.world, 'assignee_username', q.assignee_username);
    const group = findGroup(ctx.world, ctx.caller, q.id);
    const filters = { ...filtersOf(q), nonArchived: q.non_archived };
    const issues = listGroupIssues(ctx.world, ctx.caller, group, filters, issuableOrder(q));
    return paginated(ctx, issues, q, (issue) =>
      presentIssueFull(ctx.world, ctx.caller.user, issue, true, q.with_labels_details, group),
    );
  }),

  statisticsRoute('/projects/:id/issues_statistics', (ctx, id, filters) =>
    listProjectIssues(ctx.world, ctx.caller, findProject(ctx.world, ctx.caller, id), filters),
  ),

  statisticsRoute('/groups/:id/issues_statistics', (ctx, id, filters) =>
    listGroupIssues(ctx.world, ctx.caller, findGroup(ctx.world, ctx.caller, id), filters),
  ),

  issueRoute('GET', '/projects/:id/issues/:issue_iid', (ctx) => {
    const q = parseParams(ctx.params, issuePath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    return json(presentIssueFull(ctx.world, ctx.caller.user, findIssue(ctx.world, ctx.caller, project, q.issue_iid)));
  }),

  issueRoute('POST', '/projects/:id/issues', (ctx) => {
    const q = parseParams(ctx.params, {
      id: p.string().required(),
      title: p.string().required(),
      // `optional :created_at, type: DateTime` and `optional :iid, type: Integer` (Owners and admins only).
      created_at: p.dateTime(),
      iid: p.integer(),
      ...fieldParams,
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    // `authorize! :create_issue, user_project` (`lib/api/issues.rb`).
    authorize(ctx.world, ctx.caller, 'create_issue', project);
    return json(presentIssueFull(ctx.world, ctx.caller.user, createIssue(ctx.world, ctx.caller, project, q)), 201);
  }),

  issueRoute('PUT', '/projects/:id/issues/:issue_iid', (ctx) => {
    const q = parseParams(
      ctx.params,
      {
        ...issuePath,
        title: p.string(),
        // `optional :updated_at, type: DateTime, allow_blank: false` (lib/api/issues.rb).
        updated_at: p.dateTime().notBlank(),
        state_event: p.string().values(['close', 'reopen']),
        add_labels: p.strings({ comma: true }),
        remove_labels: p.strings({ comma: true }),
        ...fieldParams,
      },
      {
        // The parameters of GitLab's at_least_one_of that the mock models, in its order.
        atLeastOneOf: [
          [
            'assignee_id',
            'assignee_ids',
            'confidential',
            'description',
            'labels',
            'add_labels',
            'remove_labels',
            'milestone_id',
            'state_event',
            'title',
            'weight',
          ],
        ],
      },
    );
    const project = findProject(ctx.world, ctx.caller, q.id);
    const issue = issueByIid(ctx.world, project, q.issue_iid);
    authorize(ctx.world, ctx.caller, 'update_issue', issue);
    const changes = { ...q, state_event: q.state_event as 'close' | 'reopen' | undefined };
    return json(
      presentIssueFull(ctx.world, ctx.caller.user, updateIssue(ctx.world, ctx.caller, project, issue, changes)),
    );
  }),

  // `lib/api/subscriptions.rb`: the issue as `find_project_issue` finds it (404 for one the caller cannot read).
  route('POST', '/projects/:id/issues/:issue_iid/subscribe', (ctx) => issueSubscription(ctx, true)),
  route('POST', '/projects/:id/issues/:issue_iid/unsubscribe', (ctx) => issueSubscription(ctx, false)),
];
