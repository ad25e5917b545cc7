import { checkUnmodifiedSince } from '../http/conditional.js';
import { notFound } from '../http/errors.js';
import { paginated } from '../http/pagination.js';
import { p, paginationParams, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { type RouteContext, route } from '../http/router.js';
import { presentBranch, presentProjectProtectedBranch } from '../present/branches.js';
import { findProject, requireAiWorkflowsScope, requireRepositoryEnabled } from '../rules/access.js';
import {
  BRANCH_SORTS,
  createBranch,
  deleteBranch,
  deleteMergedBranches,
  findBranch,
  findProtectedBranch,
  legacyProtectBranch,
  legacyUnprotectBranch,
  listBranches,
  listProtectedBranches,
  protectBranch,
  unprotectBranch,
  updateProtectedBranch,
} from '../rules/branches.js';
import { authorize } from '../rules/policy.js';
import { BRANCH_ACCESS_LEVELS, type Project } from '../world/types.js';

/**
 * Repository branches (`lib/api/branches.rb`): read with `read_code` (Reporter in a
 * private project), created and deleted from Developer up. Protected branches
 * (`lib/api/protected_branches.rb`): Maintainer for every route.
 * @module
 */

const branchPath = { branch: p.string().required() };
const protectedPath = { id: p.string().required(), name: p.string().required() };
/**
 * GitLab's `ProtectedRefAccess.allowed_access_levels` (app/models/concerns/protected_ref_access.rb): no one,
 * Developers, Maintainers, instance admins (60, since 16.0; GitLab.com leaves it out, a self-managed
 * instance takes it); the unprotect level leaves out no one (`ProtectedBranch::UnprotectAccessLevel`, EE,
 * since 15.10). Grape's `values:` refuses the rest: 400 `{"error":"<param> does not have a valid value"}`.
 */
const accessLevel = () => p.integer().values(BRANCH_ACCESS_LEVELS);
const unprotectLevel = () => p.integer().values([30, 40, 60]);

/**
 * The `before` block of `lib/api/branches.rb` (`require_repository_enabled!`, `authorize_read_code!`),
 * which Grape runs ahead of the route's parameter checks: a Guest of a private project is 403 before
 * a missing `branch` is 400.
 */
function readableRepository(ctx: RouteContext): Project {
  const { method } = ctx.request;
  // `allow_access_with_scope :ai_workflows, if: ->(request) { request.get? || request.head? || request.post? }`.
  requireAiWorkflowsScope(ctx.caller, method, ['GET', 'HEAD', 'POST']);
  const { id } = parseParams(ctx.params, { id: p.string().required() });
  const project = findProject(ctx.world, ctx.caller, id);
  requireRepositoryEnabled(ctx.world, ctx.caller, project);
  authorize(ctx.world, ctx.caller, 'read_code', project);
  return project;
}

/** The branch routes check their scopes themselves ({@link readableRepository}). */
const scopes = { checksScopes: true } as const;

export const branchRoutes = [
  route(
    'GET',
    '/projects/:id/repository/branches',
    (ctx) => {
      const project = readableRepository(ctx);
      const q = parseParams(ctx.params, {
        search: p.string(),
        regex: p.string(),
        sort: p.string().values(BRANCH_SORTS),
        // Keyset pagination of branches is behind `branch_list_keyset_pagination` (off by default): offset pages.
        page_token: p.string(),
        ...paginationParams,
      });
      return paginated(ctx, listBranches(project, q), q, (branch) =>
        presentBranch(ctx.world, ctx.caller.user, project, branch),
      );
    },
    scopes,
  ),

  route(
    'GET',
    '/projects/:id/repository/branches/:branch',
    (ctx) => {
      const project = readableRepository(ctx);
      const q = parseParams(ctx.params, branchPath);
      // HEAD asks `branch_exists?`: 204 or 404, never the refname check (lib/api/branches.rb, `head do`).
      if (ctx.request.method === 'HEAD') {
        if (!project.branches.has(q.branch)) throw notFound('Branch');
        return noContent();
      }
      return json(presentBranch(ctx.world, ctx.caller.user, project, findBranch(project, q.branch)));
    },
    { keepsFormatSuffix: true, ...scopes },
  ),

  route(
    'POST',
    '/projects/:id/repository/branches',
    (ctx) => {
      const project = readableRepository(ctx);
      const q = parseParams(ctx.params, { branch: p.string().required(), ref: p.string().required() });
      authorize(ctx.world, ctx.caller, 'push_code', project);
      const branch = createBranch(ctx.world, ctx.caller, project, q.branch, q.ref);
      return json(presentBranch(ctx.world, ctx.caller.user, project, branch), 201);
    },
    scopes,
  ),

  route(
    'DELETE',
    '/projects/:id/repository/branches/:branch',
    (ctx) => {
      const project = readableRepository(ctx);
      const q = parseParams(ctx.params, branchPath);
      authorize(ctx.world, ctx.caller, 'push_code', project);
      findBranch(project, q.branch);
      // `destroy_conditionally!(commit, last_updated: commit.authored_date)`: the mock dates every head at the project's creation.
      checkUnmodifiedSince(ctx.request, project.created_at);
      deleteBranch(ctx.world, ctx.caller, project, q.branch);
      return noContent();
    },
    { keepsFormatSuffix: true, ...scopes },
  ),

  // The deprecated protect and unprotect routes (`lib/api/branches.rb`, "will be deprecated in favor of the
  // protected branches API"): the `before` block, the parameters, `authorize_admin_project`, `find_branch!`.
  route(
    'PUT',
    '/projects/:id/repository/branches/:branch/protect',
    (ctx) => {
      const project = readableRepository(ctx);
      const q = parseParams(ctx.params, {
        ...branchPath,
        developers_can_push: p.boolean(),
        developers_can_merge: p.boolean(),
      });
      authorize(ctx.world, ctx.caller, 'admin_project', project);
      const branch = findBranch(project, q.branch);
      legacyProtectBranch(ctx.world, ctx.caller, project, branch, q);
      return json(presentBranch(ctx.world, ctx.caller.user, project, branch));
    },
    scopes,
  ),

  route(
    'PUT',
    '/projects/:id/repository/branches/:branch/unprotect',
    (ctx) => {
      const project = readableRepository(ctx);
      const q = parseParams(ctx.params, branchPath);
      authorize(ctx.world, ctx.caller, 'admin_project', project);
      const branch = findBranch(project, q.branch);
      legacyUnprotectBranch(ctx.world, ctx.caller, project, branch);
      return json(presentBranch(ctx.world, ctx.caller.user, project, branch));
    },
    scopes,
  ),

  route(
    'DELETE',
    '/projects/:id/repository/merged_branches',
    (ctx) => {
      const project = readableRepository(ctx);
      authorize(ctx.world, ctx.caller, 'push_code', project);
      deleteMergedBranches(ctx.world, project);
      // `accepted!` is `render_api_error!('202 Accepted', 202)` (lib/api/helpers.rb): a message body.
      return json({ message: '202 Accepted' }, 202);
    },
    scopes,
  ),

  route('GET', '/projects/:id/protected_branches', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), search: p.string(), ...paginationParams });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'read_protected_branch', project);
    return paginated(ctx, listProtectedBranches(ctx.world, project, q.search), q, presentProjectProtectedBranch);
  }),

  route('GET', '/projects/:id/protected_branches/:name', (ctx) => {
    const q = parseParams(ctx.params, protectedPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'read_protected_branch', project);
    return json(presentProjectProtectedBranch(findProtectedBranch(ctx.world, project, q.name)));
  }),

  route('POST', '/projects/:id/protected_branches', (ctx) => {
    const q = parseParams(ctx.params, {
      ...protectedPath,
      push_access_level: accessLevel(),
      merge_access_level: accessLevel(),
      unprotect_access_level: unprotectLevel(),
      allow_force_push: p.boolean(),
      code_owner_approval_required: p.boolean(),
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'create_protected_branch', project);
    return json(presentProjectProtectedBranch(protectBranch(ctx.world, project, q)), 201);
  }),

  route('PATCH', '/projects/:id/protected_branches/:name', (ctx) => {
    const q = parseParams(ctx.params, {
      ...protectedPath,
      // `allow_blank: false` on PATCH only (lib/api/protected_branches.rb): 400 `allow_force_push is empty`.
      allow_force_push: p.boolean().notBlank(),
      code_owner_approval_required: p.boolean(),
    });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_project', project);
    const branch = findProtectedBranch(ctx.world, project, q.name);
    authorize(ctx.world, ctx.caller, 'update_protected_branch', { project, branch });
    return json(presentProjectProtectedBranch(updateProtectedBranch(branch, q)));
  }),

  route('DELETE', '/projects/:id/protected_branches/:name', (ctx) => {
    const q = parseParams(ctx.params, protectedPath);
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_project', project);
    const branch = findProtectedBranch(ctx.world, project, q.name);
    authorize(ctx.world, ctx.caller, 'destroy_protected_branch', { project, branch });
    // `destroy_conditionally!(protected_branch)` compares its `updated_at`; the mock keeps no time for a
    // protection, and none is older than its project, so the project's creation stands for it (a lower bound).
    checkUnmodifiedSince(ctx.request, project.created_at);
    unprotectBranch(ctx.world, branch);
    return noContent();
  }),
];
