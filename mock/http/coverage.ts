/**
 * What the mock models and what it does not (SPEC 8): a request to a route the
 * mock has no model of still gets GitLab's own 404 body, since clients expect
 * it, but the journal says the route is not modelled (with the route's path
 * template, and the nearest modelled route when one is close), so a 404 from a
 * missing model is never mistaken for GitLab's.
 * @module
 */

/** A route the mock models, as `GET /__mock/routes` and docs/coverage.md list it. */
export interface ModelledRoute {
  /** `GET`, `POST`... */
  method: string;
  /** The path template, e.g. `/api/v4/projects/:id/milestones` or `/oauth/token`. */
  path: string;
  /** The area it belongs to, e.g. `milestones`. */
  area: string;
}

/** Top-level collections whose next segment is an id or a full path (`/projects/acme%2Fapi`). */
const BY_PATH = new Set(['projects', 'groups', 'users', 'namespaces']);

/** Collections whose members are numbered per project (`:merge_request_iid`), as GitLab names their parameters. */
const BY_IID = new Set(['merge_requests', 'issues', 'epics']);

/** `merge_requests` → `merge_request`, `branches` → `branch`, `identities` → `identity`. */
function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * The path template of a request's decoded path segments (after `/api/v4/`), in GitLab's
 * parameter names: a number or a full path is a value, and so is the segment after
 * `projects`, `groups`, `users` or `namespaces` at the top; the value after a top-level
 * collection is `:id`, one further down `:<singular>_id` (`_iid` for merge requests and issues).
 */
export function templateOf(parts: readonly string[]): string {
  return parts
    .map((part, i) => {
      if (i === 0) return part;
      const previous = parts[i - 1] as string;
      const isValue = /^\d+$/.test(part) || part.includes('/') || (i === 1 && BY_PATH.has(previous) && part !== '');
      if (!isValue) return part;
      if (i === 1) return ':id';
      return `:${singular(previous)}_${BY_IID.has(previous) ? 'iid' : 'id'}`;
    })
    .map((segment) => `/${segment}`)
    .join('');
}

/** Levenshtein distance between two strings. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] as number;
}

/** How unlike two path segments are, from 0 (the same; any two parameters are alike) to 1. */
function segmentCost(a: string, b: string): number {
  if (a.startsWith(':') && b.startsWith(':')) return 0;
  if (a.startsWith(':') || b.startsWith(':')) return 1;
  return editDistance(a, b) / Math.max(a.length, b.length, 1);
}

/** What adding or dropping a segment costs (paths come squeezed: no empty segments). */
const GAP = 1;

/** How far apart two templates are, as an edit distance over their segments. */
function templateDistance(a: readonly string[], b: readonly string[]): number {
  let row = [0];
  for (let j = 1; j <= b.length; j++) row[j] = (row[j - 1] as number) + GAP;
  for (let i = 1; i <= a.length; i++) {
    const next = [(row[0] as number) + GAP];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] as number) + GAP,
        (next[j - 1] as number) + GAP,
        (row[j - 1] as number) + segmentCost(a[i - 1] as string, b[j - 1] as string),
      );
    }
    row = next;
  }
  return row[b.length] as number;
}

/** Templates closer than this are "close": a typo in one segment, a missing `s`. */
const CLOSE = 0.35;

/**
 * The modelled route nearest to an unmodelled template, when one is close: same method
 * first, then any method; `undefined` when nothing is within a typo of it.
 */
export function nearestRoute(
  method: string,
  template: string,
  routes: readonly Pick<ModelledRoute, 'method' | 'path'>[],
): string | undefined {
  const wanted = template.split('/').slice(1);
  let best: { route: string; cost: number } | undefined;
  for (const route of routes) {
    const cost = templateDistance(wanted, route.path.split('/').slice(1)) + (route.method === method ? 0 : 0.01);
    if (cost < CLOSE && (best === undefined || cost < best.cost))
      best = { route: `${route.method} ${route.path}`, cost };
  }
  return best?.route;
}

/** The journal's reason for a request to a route the mock does not model. */
export function unmodelledReason(method: string, path: string, nearest: string | undefined): string {
  const said = `not modelled by this mock: ${method} ${path}`;
  return nearest === undefined ? said : `${said} (the nearest modelled route is ${nearest})`;
}
