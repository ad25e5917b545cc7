import type { Route } from '../http/router.js';
import { accessTokenRoutes } from './access-tokens.js';
import { applicationRoutes } from './applications.js';
import { approvalRuleRoutes } from './approval-rules.js';
import { approvalSettingRoutes } from './approval-settings.js';
import { approvalRoutes } from './approvals.js';
import { branchRoutes } from './branches.js';
import { milestoneRoutes } from './milestones.js';
import { projectRoutes } from './projects.js';
import { scimRoutes } from './scim.js';

/** Every route of the mock, one list per area. */
export const routes: Route[] = [
  ...milestoneRoutes,
  ...applicationRoutes,
  ...accessTokenRoutes,
  ...scimRoutes,
  ...approvalSettingRoutes,
  ...approvalRuleRoutes,
  ...approvalRoutes,
  // Projects, group projects, branches and protected branches.
  ...projectRoutes,
  ...branchRoutes,
];
