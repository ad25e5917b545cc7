import { p, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { route } from '../http/router.js';
import { presentGroupDetail } from '../present/groups.js';
import { findGroup, findProject } from '../rules/access.js';
import { authorize } from '../rules/policy.js';
import { shareGroup, shareProject, unshareGroup, unshareProject } from '../rules/sharing.js';
import { ROLE_VALUES, type Role } from '../world/types.js';

/**
 * Sharing groups and projects with groups: `POST /groups/:id/share`, `DELETE
 * /groups/:id/share/:group_id` (`lib/api/groups.rb`), `POST /projects/:id/share`, `DELETE
 * /projects/:id/share/:group_id` (`lib/api/projects.rb`).
 * @module
 */

/** `group_access` takes `Gitlab::Access.all_values`: 10 to 50. */
const shareParams = {
  group_id: p.integer().required(),
  group_access: p.integer().values(ROLE_VALUES).required(),
  expires_at: p.date(),
};

export const sharingRoutes = [
  // The invited group is looked up first (`find_group!(params[:group_id])`), then the shared one.
  route('POST', '/groups/:id/share', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), ...shareParams, member_role_id: p.integer() });
    const invited = findGroup(ctx.world, ctx.caller, String(q.group_id));
    const group = findGroup(ctx.world, ctx.caller, q.id);
    shareGroup(ctx.world, ctx.caller.user, group, invited, q.group_access as Role, q.expires_at ?? null);
    return json(presentGroupDetail(ctx.world, ctx.caller, group, { withProjects: false, adminFields: false }), 201);
  }),

  route('DELETE', '/groups/:id/share/:group_id', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), group_id: p.integer().required() });
    const group = findGroup(ctx.world, ctx.caller, q.id);
    unshareGroup(ctx.world, ctx.caller.user, group, q.group_id);
    return noContent();
  }),

  route('POST', '/projects/:id/share', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), ...shareParams });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_project', project);
    // `Group.find_by_id`: no visibility check here; the service answers 404 for a group it may not use.
    const invited = ctx.world.groups.get(q.group_id);
    const link = shareProject(
      ctx.world,
      ctx.caller.user,
      project,
      invited,
      q.group_access as Role,
      q.expires_at ?? null,
    );
    return json(
      {
        id: link.id,
        project_id: link.project_id,
        group_id: link.group_id,
        group_access: link.group_access,
        expires_at: link.expires_at,
      },
      201,
    );
  }),

  route('DELETE', '/projects/:id/share/:group_id', (ctx) => {
    const q = parseParams(ctx.params, { id: p.string().required(), group_id: p.integer().required() });
    const project = findProject(ctx.world, ctx.caller, q.id);
    authorize(ctx.world, ctx.caller, 'admin_project', project);
    unshareProject(ctx.world, ctx.caller.user, project, q.group_id);
    return noContent();
  }),
];
