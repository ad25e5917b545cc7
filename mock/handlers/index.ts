import type { Route } from '../http/router.js';
import { approvalRuleRoutes } from './approval-rules.js';
import { approvalSettingRoutes } from './approval-settings.js';
import { approvalRoutes } from './approvals.js';
import { milestoneRoutes } from './milestones.js';

/** Every route of the mock, one list per area. */
export const routes: Route[] = [...milestoneRoutes, ...approvalSettingRoutes, ...approvalRuleRoutes, ...approvalRoutes];
