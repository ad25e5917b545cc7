import { p, parseParams } from '../http/params.js';
import { json, noContent } from '../http/respond.js';
import { route } from '../http/router.js';
import { presentApplication, presentApplicationWithSecret } from '../present/applications.js';
import {
  createApplication,
  deleteApplication,
  findApplication,
  renewApplicationSecret,
} from '../rules/oauth/applications.js';
import { authorize } from '../rules/policy.js';

/**
 * Instance OAuth applications: /applications (GITLAB-BEHAVIOR 1). Administrators
 * only, checked before the parameters, as GitLab's `before { authenticated_as_admin! }` does.
 * @module
 */

const applicationPath = { id: p.id().required() };

export const applicationRoutes = [
  route('GET', '/applications', (ctx) => {
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    // Not paginated: every application, no pagination headers.
    return json([...ctx.world.applications.values()].map(presentApplication));
  }),

  route('POST', '/applications', (ctx) => {
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, {
      name: p.string().required(),
      redirect_uri: p.string().required(),
      scopes: p.string().required().notBlank(),
      confidential: p.boolean().default(true),
    });
    // SPEC 1: 200, as the reference states (GitLab itself answers 201).
    return json(presentApplicationWithSecret(createApplication(ctx.world, q)), 200);
  }),

  route('DELETE', '/applications/:id', (ctx) => {
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, applicationPath);
    deleteApplication(ctx.world, findApplication(ctx.world, q.id));
    return noContent();
  }),

  route('POST', '/applications/:id/renew-secret', (ctx) => {
    authorize(ctx.world, ctx.caller, 'admin_all_resources', 'instance');
    const q = parseParams(ctx.params, applicationPath);
    const app = renewApplicationSecret(ctx.world, findApplication(ctx.world, q.id));
    return json(presentApplicationWithSecret(app), 200);
  }),
];
