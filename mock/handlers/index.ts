import type { Route } from '../http/router.js';
import { milestoneRoutes } from './milestones.js';

/** Every route of the mock, one list per area. */
export const routes: Route[] = [...milestoneRoutes];
