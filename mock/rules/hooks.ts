import { ApiError, forbidden, notFound, recordNotFound } from '../http/errors.js';
import {
  GROUP_HOOK_EVENTS,
  type Group,
  type GroupHook,
  type GroupHookEvent,
  PROJECT_HOOK_EVENTS,
  type Project,
  type ProjectHook,
  type ProjectHookEvent,
  SYSTEM_HOOK_EVENTS,
  type SystemHook,
  type SystemHookEvent,
  type WebHook,
  type World,
} from '../world/types.js';
import { nextId, nowIso, toSeconds } from '../world/world.js';
import { groupPlan, isPaidPlan } from './access.js';
import { validRefName } from './branches.js';

/**
 * Webhooks (`lib/api/project_hooks.rb`, `system_hooks.rb`, `lib/api/helpers/web_hooks_helpers.rb`,
 * `app/models/hooks/*`, `Gitlab::UrlBlocker`): the URLs a project (Maintainers) or the instance
 * (administrators) calls on its events. The mock stores and validates them; delivery is not modelled yet.
 * @module
 */

/** Branch filter strategies a hook takes (`WebHook#branch_filter_strategy`). */
export const BRANCH_FILTER_STRATEGIES = ['wildcard', 'regex', 'all_branches'] as const;

/** What a hook write may set; absent keys keep their value (on create: GitLab's column defaults). */
export interface HookFields<E extends string = string> {
  url?: string;
  name?: string | null;
  description?: string | null;
  token?: string | null;
  events?: Partial<Record<E, boolean>>;
  enable_ssl_verification?: boolean;
  push_events_branch_filter?: string | null;
  branch_filter_strategy?: string;
  custom_webhook_template?: string | null;
  /** Delivery state a seed (an exported world) brings back: failures in a row. */
  recent_failures?: number;
  /** Delivery state a seed brings back: until when the hook is disabled (ISO 8601). */
  disabled_until?: string | null;
  /** URL variables to set (merged over the stored ones on an update, as GitLab's `update_hook_params`). */
  url_variables?: Record<string, string>;
  /** Custom headers to set (merged over the stored ones on an update). */
  custom_headers?: Record<string, string>;
}

/** A `{name}` placeholder in a hook URL (GitLab's `WebHooks::Hook::VARIABLE_REFERENCE_RE`). */
const VARIABLE_REFERENCE = /\{([A-Za-z]+[0-9]*(?:[._-][A-Za-z0-9]+)*)\}/g;
/** The names `web_hooks_url_variables.json` allows. */
const URL_VARIABLE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The names `web_hooks_custom_headers.json` allows. */
const CUSTOM_HEADER_KEY = /^[A-Za-z]+[0-9]*(?:[._-][A-Za-z0-9]+)*$/;
/** At most this many URL variables, and as many custom headers (both schemas' `maxProperties`). */
const MAX_HOOK_ENTRIES = 20;

/**
 * A custom header's value (`app/validators/json_schemas/web_hooks_custom_headers.json`): "Single line,
 * no encoded newlines, no leading/trailing whitespace".
 */
const CUSTOM_HEADER_VALUE = /^(?!.*[\r\n])(?!.*(%0[aAd]|%0[dD]|%5[cC][nr]))(?!.*(\\n|\\r))[^\s].*[^\s]$|^[^\s]$/;

/**
 * Whether a map passes GitLab's JSON schema: at most 20 entries, names of the pattern, values 1 to
 * `maxValue` characters (and of `value`'s pattern when there is one).
 */
function entriesValid(entries: Record<string, string>, key: RegExp, maxValue: number, value?: RegExp): boolean {
  const all = Object.entries(entries);
  return (
    all.length <= MAX_HOOK_ENTRIES &&
    all.every(([k, v]) => key.test(k) && v.length >= 1 && v.length <= maxValue && (!value || value.test(v)))
  );
}

/**
 * GitLab's `interpolated_url`: every `{name}` of the URL replaced by its variable's value, as
 * given (GitLab does not encode it); `undefined` when the URL uses a variable the hook lacks.
 */
export function interpolateUrl(url: string, variables: Record<string, string>): string | undefined {
  if (!url.includes('{')) return url;
  let missing = false;
  const out = url.replace(VARIABLE_REFERENCE, (whole, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name] as string;
    missing = true;
    return whole;
  });
  return missing ? undefined : out;
}

/** The URL a hook is called at: its variables put in (the URL as stored when one is missing, GitLab's fallback). */
export const deliveryUrl = (hook: WebHook): string => interpolateUrl(hook.url, hook.url_variables ?? {}) ?? hook.url;

/** A hook's URL, variables and headers as a write leaves them, before they are checked. */
interface HookTarget {
  url: string;
  url_variables: Record<string, string>;
  custom_headers: Record<string, string>;
}

/**
 * What an update leaves in a hook's URL, variables and headers: the given entries merged over the
 * stored ones, then GitLab's resets (`reset_url_variables`, `reset_custom_headers`): when the URL
 * as called changes, stored variables that are given again (or kept under a changed URL) are all
 * dropped, so secrets never follow a URL to a new host, and the custom headers are dropped.
 */
function updatedTarget(hook: WebHook, url: string, vars: Record<string, string>, headers: Record<string, string>) {
  const varsWere = hook.url_variables ?? {};
  const was = interpolateUrl(hook.url, varsWere);
  let url_variables = vars;
  let custom_headers = headers;
  if (Object.keys(varsWere).length > 0 && was !== interpolateUrl(url, vars)) {
    const keysKept = Object.keys(varsWere).some((k) => Object.hasOwn(vars, k));
    if (keysKept) url_variables = {};
  }
  const now = interpolateUrl(url, url_variables);
  if (now !== undefined && now !== was) custom_headers = {};
  return { url, url_variables, custom_headers };
}

/** Whether a hook is being created (`WebHooks::CreateService`) or changed (`save_hook` of `lib/api/helpers/web_hooks_helpers.rb`): they word refusals apart. */
type HookWrite = 'create' | 'update';

/**
 * Any other model error of a hook: on update `render_validation_error!(hook, 422)`, `{"message": {attribute: [...]}}`;
 * on create `CreateService` returns `error(hook.errors.full_messages.to_sentence, 422)`, which the
 * API raises with Grape's `error!`, `{"error": "Url variables must be a valid json schema"}`.
 */
const modelInvalid = (write: HookWrite, attribute: string, message: string) =>
  new ApiError(
    422,
    write === 'update' ? { message: { [attribute]: [message] } } : { error: `${humanize(attribute)} ${message}` },
  ).because(`${attribute} ${message}`);

/** Rails' `human_attribute_name`: `url_variables` is `Url variables`. */
const humanize = (attribute: string) => {
  const words = attribute.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * GitLab's answer to a hook it cannot save because of its URL (or its branch filter): Grape's
 * `error!("Invalid url given", 422)` (`save_hook`, and `CreateService`'s message raised with
 * `error!` by `lib/api/project_hooks.rb`, `system_hooks.rb`, `ee/lib/api/group_hooks.rb`), so
 * `{"error": ...}`, not `{"message": ...}`.
 */
const invalid = (what: 'url' | 'branch filter', reason: string) =>
  new ApiError(422, { error: `Invalid ${what} given` }).because(reason);

/** An IPv4 address's four numbers, or `undefined` when the host is not a dotted IPv4 literal. */
function ipv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((n) => /^\d{1,3}$/.test(n))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : undefined;
}

/**
 * Why GitLab's URL blocker refuses a host as local, or `undefined` for a public one:
 * loopback (`localhost`, 127.0.0.0/8, ::1), the unspecified address, private networks
 * (10/8, 172.16/12, 192.168/16, fc00::/7) and link-local ones (169.254/16, fe80::/10).
 * The mock resolves no names (it works offline): any other host name counts as public.
 */
export function localAddressReason(hostname: string): string | undefined {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'Requests to localhost are not allowed';
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    if (a === 127 || v4.every((n) => n === 0)) return 'Requests to localhost are not allowed';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
      return 'Requests to the local network are not allowed';
    }
    if (a === 169 && b === 254) return 'Requests to the link local network are not allowed';
    return undefined;
  }
  if (host === '::1' || host === '::') return 'Requests to localhost are not allowed';
  if (/^f[cd][0-9a-f]{2}:/.test(host)) return 'Requests to the local network are not allowed';
  if (/^fe[89ab][0-9a-f]:/.test(host)) return 'Requests to the link local network are not allowed';
  return undefined;
}

/**
 * Ruby's `String#strip`, as GitLab's URL validator applies it to a hook's URL before checking and
 * storing it: NUL and ASCII whitespace only, where JavaScript's `trim` also takes a non-breaking space.
 */
const strip = (value: string) => value.replace(/^[\0\t\n\v\f\r ]+|[\0\t\n\v\f\r ]+$/g, '');

/**
 * Why a hook URL is refused, or `undefined`: it must be an absolute `http` or `https` URL, and
 * local addresses are blocked unless the instance allows them (GitLab's
 * `allow_local_requests_from_web_hooks_and_services`: on in the mock unless a seed turns it off, so a
 * receiver on loopback works out of the box; GitLab's own default is off).
 */
export function hookUrlRefusal(world: World, url: string): string | undefined {
  const schemes = 'Only allowed schemes are http, https';
  const value = strip(url);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    // GitLab's parser (Addressable) reads what comes before a first `:` as a scheme. Without one
    // ("not a url") the URL is refused for its scheme; with one it cannot parse ("http://exa mple.com",
    // or a scheme led by a non-breaking space, which strip keeps), as invalid.
    return /^[^:/?#]+:/.test(value) ? 'URI is invalid' : schemes;
  }
  // The URL standard gives an http(s) URL a host or fails: no blank host gets here.
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return schemes;
  if (world.instance.allow_local_requests_from_web_hooks_and_services !== false) return undefined;
  return localAddressReason(parsed.hostname);
}

/**
 * Every check of a hook write, before anything changes, answered as GitLab's `save_hook` picks
 * among the model's errors: the URL (blocked, or a `{name}` without its variable), the branch
 * filter, the custom headers, then the URL variables and the URL with its variables put in.
 */
function checkFields(
  world: World,
  fields: HookFields<string>,
  strategyNow: string,
  target: HookTarget,
  write: HookWrite,
): void {
  const hasVariables = Object.keys(target.url_variables).length > 0;
  // GitLab checks the URL itself only for a hook without variables; with some, the URL as called.
  if (fields.url !== undefined && !hasVariables) {
    const refusal = hookUrlRefusal(world, fields.url);
    if (refusal) throw invalid('url', `url ${refusal.toLowerCase()}`);
  }
  const used = [...target.url.matchAll(VARIABLE_REFERENCE)].map((m) => m[1] as string);
  const missing = used.filter((name) => !Object.hasOwn(target.url_variables, name));
  if (missing.length > 0) throw invalid('url', `Invalid URL template. Missing keys: ${missing.join(', ')}`);
  // `validates :token, length: { maximum: 2000 }, format: { without: /\n/ }` (app/models/concerns/web_hooks/hook.rb).
  if (fields.token?.includes('\n')) throw modelInvalid(write, 'token', 'is invalid');
  const strategy = fields.branch_filter_strategy ?? strategyNow;
  if (!(BRANCH_FILTER_STRATEGIES as readonly string[]).includes(strategy)) {
    throw invalid('branch filter', `unknown branch filter strategy ${strategy}`);
  }
  const filter = fields.push_events_branch_filter;
  // `WebHooks::WildcardBranchFilterValidator`: squished, `*` read as a letter, then a git ref name
  // (`Gitlab::GitRefValidator`), at most 4000 characters.
  const squished = filter?.trim().replace(/\s+/g, ' ');
  if (squished && strategy === 'wildcard') {
    if (!validRefName(squished.replaceAll('*', 'x')) || squished.length > 4000) {
      throw invalid('branch filter', `the branch filter ${JSON.stringify(filter)} is not a valid branch name`);
    }
  }
  if (filter && strategy === 'regex') {
    try {
      new RegExp(filter);
    } catch {
      throw invalid('branch filter', 'the branch filter is not a valid regular expression');
    }
  }
  if (!entriesValid(target.custom_headers, CUSTOM_HEADER_KEY, 2048, CUSTOM_HEADER_VALUE)) {
    // `save_hook`: `error!("Custom headers validation failed", 422)`; CreateService: "Custom headers must be a valid json schema".
    const words =
      write === 'update' ? 'Custom headers validation failed' : 'Custom headers must be a valid json schema';
    throw new ApiError(422, { error: words }).because(
      'custom headers: at most 20, names like X-Name, values of 1 to 2048 characters',
    );
  }
  if (!entriesValid(target.url_variables, URL_VARIABLE_KEY, 100)) {
    throw modelInvalid(write, 'url_variables', 'must be a valid json schema');
  }
  if (hasVariables) {
    const refusal = hookUrlRefusal(world, interpolateUrl(target.url, target.url_variables) as string);
    if (refusal) throw modelInvalid(write, 'interpolated_url', `is blocked: ${refusal}`);
  }
}

/** A project's hooks, oldest first. */
export function projectHooks(world: World, project: Project): ProjectHook[] {
  return [...world.projectHooks.values()].filter((h) => h.project_id === project.id);
}

/** One hook of a project; 404 `Not found` when it belongs elsewhere or does not exist. */
export function findProjectHook(world: World, project: Project, hookId: number): ProjectHook {
  const hook = world.projectHooks.get(hookId);
  if (!hook || hook.project_id !== project.id) throw recordNotFound().because(`no hook ${hookId} in this project`);
  return hook;
}

/** A group's hooks, oldest first. */
export function groupHooks(world: World, group: Group): GroupHook[] {
  return [...world.groupHooks.values()].filter((h) => h.group_id === group.id);
}

/** One hook of a group; 404 `Not found` when it belongs elsewhere or does not exist. */
export function findGroupHook(world: World, group: Group, hookId: number): GroupHook {
  const hook = world.groupHooks.get(hookId);
  if (!hook || hook.group_id !== group.id) throw recordNotFound().because(`no hook ${hookId} in this group`);
  return hook;
}

/** Group webhooks are a Premium feature (GitLab's licensed `group_webhooks`): 403 on a Free group. */
export function requireGroupHooksPlan(world: World, group: Group): void {
  const plan = groupPlan(world, group);
  if (!isPaidPlan(plan)) {
    throw forbidden().because(`group ${group.full_path} is on the ${plan} plan; group webhooks need Premium`);
  }
}

/** One system hook; 404 `Not found` when there is none with that id. */
export function findSystemHook(world: World, hookId: number): SystemHook {
  const hook = world.systemHooks.get(hookId);
  if (!hook) throw recordNotFound().because(`no system hook ${hookId}`);
  return hook;
}

/** The events a new hook receives: GitLab's column defaults (push events on, the rest off). */
const defaultEvents = <E extends string>(kinds: readonly E[]): Record<E, boolean> =>
  Object.fromEntries(kinds.map((e) => [e, e === 'push_events'])) as Record<E, boolean>;

/** The `url_variables` and `custom_headers` keys a hook stores: each only when not empty. */
function secretsOf(target: Pick<HookTarget, 'url_variables' | 'custom_headers'>) {
  return {
    ...(Object.keys(target.url_variables).length > 0 ? { url_variables: { ...target.url_variables } } : {}),
    ...(Object.keys(target.custom_headers).length > 0 ? { custom_headers: { ...target.custom_headers } } : {}),
  };
}

/** What a new hook's URL, variables and headers will be. */
const createTarget = (fields: HookFields<string> & { url: string }): HookTarget => ({
  url: strip(fields.url),
  url_variables: fields.url_variables ?? {},
  custom_headers: fields.custom_headers ?? {},
});

/** A new hook's common fields: GitLab's defaults for what is not given; hooks of every kind share one id sequence. */
function newHook<E extends string>(
  world: World,
  kinds: readonly E[],
  fields: HookFields<E> & { url: string },
  createdAt: string,
): WebHook<E> {
  return {
    id: nextId(world, 'webHooks'),
    url: strip(fields.url),
    name: fields.name ?? null,
    description: fields.description ?? null,
    token: fields.token || null,
    events: { ...defaultEvents(kinds), ...fields.events },
    enable_ssl_verification: fields.enable_ssl_verification ?? true,
    // GitLab stores the filter as sent, `""` included; only the `all_branches` strategy clears it
    // (`before_validation :set_branch_filter_nil`, `app/models/concerns/web_hooks/hook.rb`).
    push_events_branch_filter:
      fields.branch_filter_strategy === 'all_branches' ? null : (fields.push_events_branch_filter ?? null),
    branch_filter_strategy: fields.branch_filter_strategy ?? 'wildcard',
    custom_webhook_template: fields.custom_webhook_template || null,
    created_at: createdAt,
    // Delivery state only when a seed brings some: a hook that never failed has none.
    ...(fields.recent_failures ? { recent_failures: fields.recent_failures } : {}),
    ...(fields.disabled_until ? { disabled_until: toSeconds(new Date(fields.disabled_until).toISOString()) } : {}),
    // Secrets only when there are some: a hook without has neither key (worlds from before them load alike).
    ...secretsOf({ url_variables: fields.url_variables ?? {}, custom_headers: fields.custom_headers ?? {} }),
  };
}

/** Stores a new project hook without checks (the seeder and {@link createProjectHook}). */
export function insertProjectHook(
  world: World,
  project: Project,
  fields: HookFields<ProjectHookEvent> & { url: string },
  createdAt = nowIso(world),
): ProjectHook {
  const hook: ProjectHook = { ...newHook(world, PROJECT_HOOK_EVENTS, fields, createdAt), project_id: project.id };
  world.projectHooks.set(hook.id, hook);
  return hook;
}

/** Stores a new group hook without checks (the seeder and {@link createGroupHook}). */
export function insertGroupHook(
  world: World,
  group: Group,
  fields: HookFields<GroupHookEvent> & { url: string },
  createdAt = nowIso(world),
): GroupHook {
  const hook: GroupHook = { ...newHook(world, GROUP_HOOK_EVENTS, fields, createdAt), group_id: group.id };
  world.groupHooks.set(hook.id, hook);
  return hook;
}

/** `POST /groups/:id/hooks`: validated, then stored. */
export function createGroupHook(
  world: World,
  group: Group,
  fields: HookFields<GroupHookEvent> & { url: string },
): GroupHook {
  checkFields(world, fields, 'wildcard', createTarget(fields), 'create');
  return insertGroupHook(world, group, fields);
}

/** Stores a new system hook without checks (the seeder and {@link createSystemHook}). */
export function insertSystemHook(
  world: World,
  fields: HookFields<SystemHookEvent> & { url: string },
  createdAt = nowIso(world),
): SystemHook {
  const hook: SystemHook = newHook(world, SYSTEM_HOOK_EVENTS, fields, createdAt);
  world.systemHooks.set(hook.id, hook);
  return hook;
}

/** `POST /projects/:id/hooks`: validated, then stored. */
export function createProjectHook(
  world: World,
  project: Project,
  fields: HookFields<ProjectHookEvent> & { url: string },
): ProjectHook {
  checkFields(world, fields, 'wildcard', createTarget(fields), 'create');
  return insertProjectHook(world, project, fields);
}

/** `POST /hooks`: validated, then stored. */
export function createSystemHook(world: World, fields: HookFields<SystemHookEvent> & { url: string }): SystemHook {
  checkFields(world, fields, 'wildcard', createTarget(fields), 'create');
  // SystemHook's own column defaults (app/models/hooks/system_hook.rb): `attribute :push_events, default: false`,
  // `attribute :repository_update_events, default: true` (the seed document keeps its documented push-only default).
  const events = { push_events: false, repository_update_events: true, ...fields.events };
  return insertSystemHook(world, { ...fields, events });
}

/** Whether a write gives anything to change (GitLab's `No parameters provided` otherwise). */
const isEmpty = (fields: HookFields<string>) =>
  Object.entries(fields).every(([key, value]) =>
    key === 'events' || key === 'url_variables' || key === 'custom_headers'
      ? Object.keys(value ?? {}).length === 0
      : value === undefined,
  );

/** Stores a checked hook's variables and headers (no key for an empty map). */
function storeSecrets(hook: WebHook, target: HookTarget): void {
  delete hook.url_variables;
  delete hook.custom_headers;
  Object.assign(hook, secretsOf(target));
}

/**
 * `PUT /projects/:id/hooks/:hook_id` and `PUT /hooks/:hook_id`: validated, then applied; what
 * is not given stays, an empty token clears it; nothing at all is 400 `No parameters provided`.
 */
export function updateHook<E extends string>(world: World, hook: WebHook<E>, fields: HookFields<E>): WebHook<E> {
  // `update_hook_params`: `error!('No parameters provided', :bad_request)`.
  if (isEmpty(fields))
    throw new ApiError(400, { error: 'No parameters provided' }).because('the update gives no parameter');
  const target = updatedTarget(
    hook,
    fields.url === undefined ? hook.url : strip(fields.url),
    { ...hook.url_variables, ...fields.url_variables },
    { ...hook.custom_headers, ...fields.custom_headers },
  );
  checkFields(world, fields, hook.branch_filter_strategy, target, 'update');
  if (fields.url !== undefined) hook.url = strip(fields.url);
  if (fields.name !== undefined) hook.name = fields.name;
  if (fields.description !== undefined) hook.description = fields.description;
  if (fields.token !== undefined) hook.token = fields.token || null;
  if (fields.events) Object.assign(hook.events, fields.events);
  if (fields.enable_ssl_verification !== undefined) hook.enable_ssl_verification = fields.enable_ssl_verification;
  if (fields.push_events_branch_filter !== undefined) hook.push_events_branch_filter = fields.push_events_branch_filter;
  if (fields.branch_filter_strategy !== undefined) hook.branch_filter_strategy = fields.branch_filter_strategy;
  // `set_branch_filter_nil` (`app/models/concerns/web_hooks/hook.rb`): the filter as sent, `""` included, unless all branches.
  if (hook.branch_filter_strategy === 'all_branches') hook.push_events_branch_filter = null;
  if (fields.custom_webhook_template !== undefined) {
    hook.custom_webhook_template = fields.custom_webhook_template || null;
  }
  storeSecrets(hook, target);
  return hook;
}

/** A hook's secret maps: its URL variables or its custom headers. */
export type HookSecretKind = 'url_variables' | 'custom_headers';

/** What GitLab calls each map in a 404 and in a refused unset (`lib/api/hooks/url_variables.rb`, `custom_headers.rb`). */
const SECRET_WORDS: Record<HookSecretKind, { resource: string; unset: string }> = {
  url_variables: { resource: 'URL variable', unset: 'Could not unset variable' },
  custom_headers: { resource: 'Custom header', unset: 'Could not unset custom header' },
};

/**
 * `PUT /…/hooks/:hook_id/url_variables/:key` and `/custom_headers/:key`: sets one entry through
 * the hook's checks; any refusal is GitLab's 422 `Illegal key or value`.
 */
export function setHookSecret(world: World, hook: WebHook, kind: HookSecretKind, key: string, value: string): void {
  try {
    updateHook(world, hook, { [kind]: { [key]: value } });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    // lib/api/hooks/url_variables.rb, custom_headers.rb: `error!('Illegal key or value', 422)`.
    throw new ApiError(422, { error: 'Illegal key or value' }).because(e.reason ?? `${kind} ${key} refused`);
  }
}

/**
 * `DELETE /…/hooks/:hook_id/url_variables/:key` and `/custom_headers/:key`: 404 when the hook
 * has no such entry; 422 when the hook would be invalid without it (a variable its URL uses).
 */
export function unsetHookSecret(world: World, hook: WebHook, kind: HookSecretKind, key: string): void {
  const words = SECRET_WORDS[kind];
  const current = hook[kind] ?? {};
  if (!Object.hasOwn(current, key)) throw notFound(words.resource).because(`the hook has no ${kind} ${key}`);
  const rest = Object.fromEntries(Object.entries(current).filter(([k]) => k !== key));
  const vars = kind === 'url_variables' ? rest : { ...hook.url_variables };
  const headers = kind === 'custom_headers' ? rest : { ...hook.custom_headers };
  const target = updatedTarget(hook, hook.url, vars, headers);
  try {
    checkFields(world, {}, hook.branch_filter_strategy, target, 'update');
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    // `error!('Could not unset variable', 422)` / `error!('Could not unset custom header', 422)`.
    throw new ApiError(422, { error: words.unset }).because(e.reason ?? `${kind} ${key} is needed`);
  }
  storeSecrets(hook, target);
}

/** `DELETE /projects/:id/hooks/:hook_id`. */
export function deleteProjectHook(world: World, hook: ProjectHook): void {
  world.projectHooks.delete(hook.id);
}

/** `DELETE /groups/:id/hooks/:hook_id`. */
export function deleteGroupHook(world: World, hook: GroupHook): void {
  world.groupHooks.delete(hook.id);
}

/** `DELETE /hooks/:hook_id`. */
export function deleteSystemHook(world: World, hook: SystemHook): void {
  world.systemHooks.delete(hook.id);
}
