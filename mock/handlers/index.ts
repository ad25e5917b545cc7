import type { ModelledRoute } from '../http/coverage.js';
import { API_V4, type Route } from '../http/router.js';
import { accessTokenRoutes, groupAccessTokenRoutes } from './access-tokens.js';
import { applicationRoutes } from './applications.js';
import { approvalRuleRoutes } from './approvals/approval-rules.js';
import { approvalSettingRoutes } from './approvals/approval-settings.js';
import { approvalRoutes } from './approvals/approvals.js';
import { branchRoutes } from './branches.js';
import { eventRoutes } from './events.js';
import { groupMilestoneRoutes } from './group-milestones.js';
import { groupRoutes } from './groups.js';
import { hookEventRoutes } from './hook-events.js';
import { hookRoutes } from './hooks.js';
import { issueRoutes } from './issues.js';
import { labelRoutes } from './labels.js';
import { memberRoutes } from './members.js';
import { mergeRequestRoutes } from './merge-requests.js';
import { milestoneRoutes } from './milestones.js';
import { namespaceRoutes } from './namespaces.js';
import { OAUTH_ROUTES } from './oauth.js';
import { personalAccessTokenRoutes } from './personal-access-tokens.js';
import { projectRoutes } from './projects.js';
import { groupRemovalRoutes, projectRemovalRoutes, userRemovalRoutes } from './removal.js';
import { scimRoutes } from './scim.js';
import { sharingRoutes } from './sharing.js';
import { sshKeyRoutes } from './ssh-keys.js';
import { userRoutes } from './users.js';
import { userAdminRoutes } from './users-admin.js';

/** The routes of each area, by the area's name as `GET /__mock/routes` and docs/coverage.md show it. */
const areas: Record<string, Route[]> = {
  'project milestones': milestoneRoutes,
  'OAuth applications': applicationRoutes,
  'project access tokens': accessTokenRoutes,
  'SCIM identities': scimRoutes,
  'approval settings': approvalSettingRoutes,
  'approval rules': approvalRuleRoutes,
  'merge request approvals': approvalRoutes,
  'merge requests': mergeRequestRoutes,
  issues: issueRoutes,
  groups: [...groupRoutes, ...groupRemovalRoutes],
  'group milestones': groupMilestoneRoutes,
  'members of groups and projects': memberRoutes,
  'users and the instance': [...userRoutes, ...userRemovalRoutes],
  projects: [...projectRoutes, ...projectRemovalRoutes],
  'branches and protected branches': branchRoutes,
  'group access tokens': groupAccessTokenRoutes,
  namespaces: namespaceRoutes,
  labels: labelRoutes,
  events: eventRoutes,
  webhooks: [...hookRoutes, ...hookEventRoutes],
  'sharing with groups': sharingRoutes,
  'users administration': userAdminRoutes,
  'SSH keys': sshKeyRoutes,
  'personal and impersonation tokens': personalAccessTokenRoutes,
};

/** Every route of the mock's REST API, each with its area. */
export const routes: Route[] = Object.entries(areas).flatMap(([area, list]) =>
  list.map((route) => ({ ...route, area })),
);

/** Every route the mock models, REST API and OAuth provider, in the order they are declared: `GET /__mock/routes`. */
export const MODELLED_ROUTES: readonly ModelledRoute[] = [
  ...routes.map((route) => ({ method: route.method, path: `${API_V4}${route.path}`, area: route.area as string })),
  ...OAUTH_ROUTES.map((route) => ({ ...route, area: 'OAuth provider' })),
];
