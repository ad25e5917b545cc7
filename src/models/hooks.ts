import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/** A key of a hook's URL variables or custom headers; GitLab never shows their values. */
export const HookMaskedEntry = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The variable's or header's name. */
    key: z.string(),
  }),
);
/**
 * A masked URL variable or custom header of a hook.
 * @interface
 */
export type HookMaskedEntry = z.infer<typeof HookMaskedEntry>;

/** What every hook shows, system, project or group (GitLab's Hook entity). */
const Hook = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The hook's id. */
    id: z.int(),
    /** Where events are sent. */
    url: z.string(),
    /** The hook's name, or `null` (GitLab 17.1 and later). */
    name: z.optional(z.nullable(z.string())),
    /** The hook's description, or `null` (GitLab 17.1 and later). */
    description: z.optional(z.nullable(z.string())),
    /** When it was created (ISO 8601). */
    created_at: z.string(),
    /** Receives push events. */
    push_events: z.boolean(),
    /** Receives tag push events. */
    tag_push_events: z.boolean(),
    /** Receives merge request events. */
    merge_requests_events: z.boolean(),
    /** Receives repository update events (system hooks only; `false` on a project or group hook). */
    repository_update_events: z.boolean(),
    /** TLS certificates are verified on delivery. */
    enable_ssl_verification: z.boolean(),
    /** `executable`, `temporarily_disabled` or `disabled` (GitLab 15.7 and later). */
    alert_status: z.optional(z.string()),
    /** Until when a temporarily disabled hook waits, or `null`. */
    disabled_until: z.optional(z.nullable(z.string())),
    /** The names of the URL variables (values masked). */
    url_variables: z.optional(z.array(HookMaskedEntry)),
    /** Push events only for branches matching this, or `null`. */
    push_events_branch_filter: z.optional(z.nullable(z.string())),
    /** How the branch filter reads: `wildcard`, `regex` or `all_branches` (GitLab 16.3 and later). */
    branch_filter_strategy: z.optional(z.string()),
    /** A custom payload template, or `null` (GitLab 17.6 and later). */
    custom_webhook_template: z.optional(z.nullable(z.string())),
    /** The names of the custom headers (values masked; GitLab 17.1 and later). */
    custom_headers: z.optional(z.array(HookMaskedEntry)),
  }),
);

/** A system hook (GitLab's Hook entity): instance-wide, managed by administrators. The secret token is never shown. */
export const SystemHook = /* @__PURE__ */ lazySchema(() =>
  z.extend(Hook, {
    /** The organization the hook belongs to (GitLab 17.x and later). */
    organization_id: z.optional(z.int()),
  }),
);
/**
 * A system hook.
 * @interface
 */
export type SystemHook = z.infer<typeof SystemHook>;

/** A project webhook (GitLab's ProjectHook entity). The secret token is never shown. */
export const ProjectHook = /* @__PURE__ */ lazySchema(() =>
  z.extend(Hook, {
    /** Push events only for branches matching this, or `null`. */
    push_events_branch_filter: z.nullable(z.string()),
    /** The project's id. */
    project_id: z.int(),
    /** Receives issue events. */
    issues_events: z.boolean(),
    /** Receives confidential issue events. */
    confidential_issues_events: z.boolean(),
    /** Receives comment events. */
    note_events: z.boolean(),
    /** Receives confidential comment events. */
    confidential_note_events: z.nullable(z.boolean()),
    /** Receives pipeline events. */
    pipeline_events: z.boolean(),
    /** Receives wiki page events. */
    wiki_page_events: z.boolean(),
    /** Receives deployment events. */
    deployment_events: z.boolean(),
    /** Receives feature flag events. */
    feature_flag_events: z.optional(z.boolean()),
    /** Receives job events. */
    job_events: z.boolean(),
    /** Receives release events. */
    releases_events: z.boolean(),
    /** Receives milestone events (GitLab 16.5 and later). */
    milestone_events: z.optional(z.boolean()),
    /** Receives emoji events (GitLab 16.11 and later). */
    emoji_events: z.optional(z.boolean()),
    /** Receives project access token expiry events (GitLab 16.11 and later). */
    resource_access_token_events: z.optional(z.boolean()),
    /** Receives project deploy token expiry events (GitLab 18.10 and later). */
    resource_deploy_token_events: z.optional(z.boolean()),
    /** Receives vulnerability events (GitLab 17.x and later). */
    vulnerability_events: z.optional(z.boolean()),
  }),
);
/**
 * A project webhook.
 * @interface
 */
export type ProjectHook = z.infer<typeof ProjectHook>;

/** A group webhook (GitLab's GroupHook entity, Premium). The secret token is never shown. */
export const GroupHook = /* @__PURE__ */ lazySchema(() =>
  z.extend(Hook, {
    /** Push events only for branches matching this, or `null`. */
    push_events_branch_filter: z.nullable(z.string()),
    /** The group's id. */
    group_id: z.int(),
    /** Receives issue events. */
    issues_events: z.boolean(),
    /** Receives confidential issue events. */
    confidential_issues_events: z.boolean(),
    /** Receives comment events. */
    note_events: z.boolean(),
    /** Receives confidential comment events. */
    confidential_note_events: z.nullable(z.boolean()),
    /** Receives pipeline events. */
    pipeline_events: z.boolean(),
    /** Receives wiki page events. */
    wiki_page_events: z.boolean(),
    /** Receives job events. */
    job_events: z.boolean(),
    /** Receives deployment events. */
    deployment_events: z.boolean(),
    /** Receives feature flag events. */
    feature_flag_events: z.optional(z.boolean()),
    /** Receives release events. */
    releases_events: z.boolean(),
    /** Receives milestone events. */
    milestone_events: z.optional(z.boolean()),
    /** Receives subgroup events (created or removed below the group). */
    subgroup_events: z.boolean(),
    /** Receives emoji events. */
    emoji_events: z.optional(z.boolean()),
    /** Receives group access token expiry events. */
    resource_access_token_events: z.optional(z.boolean()),
    /** Receives group member events. */
    member_events: z.optional(z.boolean()),
    /** Receives vulnerability events. */
    vulnerability_events: z.optional(z.boolean()),
    /** Receives project events (created or removed in the group). */
    project_events: z.optional(z.boolean()),
  }),
);
/**
 * A group webhook.
 * @interface
 */
export type GroupHook = z.infer<typeof GroupHook>;

/** A named secret of a hook: a URL variable or a custom header, as hook writes take them. */
export interface HookKeyValue {
  /** The variable's or header's name. */
  key: string;
  /** Its value (secret: the API never shows it). */
  value: string;
}

/** The events and settings of a project hook, as `POST` and `PUT /projects/:id/hooks` take them. */
export interface ProjectHookSettings {
  /** A name for the hook. */
  name?: string;
  /** A description. */
  description?: string;
  /** A secret sent back as `X-Gitlab-Token`; never shown afterwards. An empty string removes it. */
  token?: string;
  /** Receive push events (default `true`). */
  push_events?: boolean;
  /** Push events only for branches matching this (as `branch_filter_strategy` reads it). */
  push_events_branch_filter?: string;
  /** `wildcard` (default), `regex` or `all_branches`. */
  branch_filter_strategy?: 'wildcard' | 'regex' | 'all_branches';
  /** Receive tag push events. */
  tag_push_events?: boolean;
  /** Receive merge request events. */
  merge_requests_events?: boolean;
  /** Receive issue events. */
  issues_events?: boolean;
  /** Receive confidential issue events. */
  confidential_issues_events?: boolean;
  /** Receive comment events. */
  note_events?: boolean;
  /** Receive confidential comment events. */
  confidential_note_events?: boolean;
  /** Receive pipeline events. */
  pipeline_events?: boolean;
  /** Receive wiki page events. */
  wiki_page_events?: boolean;
  /** Receive deployment events. */
  deployment_events?: boolean;
  /** Receive feature flag events. */
  feature_flag_events?: boolean;
  /** Receive job events. */
  job_events?: boolean;
  /** Receive release events. */
  releases_events?: boolean;
  /** Receive milestone events. */
  milestone_events?: boolean;
  /** Receive emoji events. */
  emoji_events?: boolean;
  /** Receive project access token expiry events. */
  resource_access_token_events?: boolean;
  /** Receive deploy token expiry events (GitLab 18.10 and later; earlier versions ignore it). */
  resource_deploy_token_events?: boolean;
  /** Receive vulnerability events. */
  vulnerability_events?: boolean;
  /** Verify TLS certificates on delivery (default `true`). */
  enable_ssl_verification?: boolean;
  /** A custom payload template. */
  custom_webhook_template?: string;
  /**
   * Values for `{name}` placeholders in the URL, filled in on delivery (at most 20; names like
   * `token`, values of 1 to 100 characters). An update merges them over the stored ones; never shown afterwards.
   */
  url_variables?: HookKeyValue[];
  /**
   * Headers added to every delivery (at most 20; names like `X-Name`, values of 1 to 2048 characters;
   * GitLab's own headers win). An update merges them over the stored ones; never shown afterwards.
   */
  custom_headers?: HookKeyValue[];
}

/** The body of `POST /projects/:id/hooks`. */
export interface ProjectHookCreate extends ProjectHookSettings {
  /** Where events are sent: an `http` or `https` URL (local addresses only where the instance allows them). */
  url: string;
}

/** The body of `PUT /projects/:id/hooks/:hook_id`: at least one field. */
export interface ProjectHookUpdate extends ProjectHookSettings {
  /** Where events are sent. */
  url?: string;
}

/** The settings of a system hook, as `POST` and `PUT /hooks` take them. */
export interface SystemHookSettings {
  /** A name for the hook. */
  name?: string;
  /** A description. */
  description?: string;
  /** A secret sent back as `X-Gitlab-Token`; never shown afterwards. An empty string removes it. */
  token?: string;
  /** Receive push events (default `true`). */
  push_events?: boolean;
  /** Receive tag push events. */
  tag_push_events?: boolean;
  /** Receive merge request events. */
  merge_requests_events?: boolean;
  /** Receive repository update events. */
  repository_update_events?: boolean;
  /** Verify TLS certificates on delivery (default `true`). */
  enable_ssl_verification?: boolean;
  /** Push events only for branches matching this (as `branch_filter_strategy` reads it). */
  push_events_branch_filter?: string;
  /** `wildcard` (default), `regex` or `all_branches`. */
  branch_filter_strategy?: 'wildcard' | 'regex' | 'all_branches';
  /**
   * Values for `{name}` placeholders in the URL, filled in on delivery (at most 20; names like
   * `token`, values of 1 to 100 characters). An update merges them over the stored ones; never shown afterwards.
   */
  url_variables?: HookKeyValue[];
  /**
   * Headers added to every delivery (at most 20; names like `X-Name`, values of 1 to 2048 characters;
   * GitLab's own headers win). An update merges them over the stored ones; never shown afterwards.
   */
  custom_headers?: HookKeyValue[];
}

/** The body of `POST /hooks`. */
export interface SystemHookCreate extends SystemHookSettings {
  /** Where events are sent: an `http` or `https` URL (local addresses only where the instance allows them). */
  url: string;
}

/** The body of `PUT /hooks/:hook_id`: at least one field. */
export interface SystemHookUpdate extends SystemHookSettings {
  /** Where events are sent. */
  url?: string;
}

/** The events and settings of a group hook, as `POST` and `PUT /groups/:id/hooks` take them. */
export interface GroupHookSettings extends Omit<ProjectHookSettings, 'resource_deploy_token_events'> {
  /** Receive subgroup events. */
  subgroup_events?: boolean;
  /** Receive group member events. */
  member_events?: boolean;
  /** Receive project events (created or removed in the group). */
  project_events?: boolean;
}

/** The body of `POST /groups/:id/hooks`. */
export interface GroupHookCreate extends GroupHookSettings {
  /** Where events are sent: an `http` or `https` URL (local addresses only where the instance allows them). */
  url: string;
}

/** The body of `PUT /groups/:id/hooks/:hook_id`: at least one field. */
export interface GroupHookUpdate extends GroupHookSettings {
  /** Where events are sent. */
  url?: string;
}

/** One delivery of a webhook, as GitLab logs it (its WebHookLog entity): `GET .../hooks/:hook_id/events`. */
export const HookEvent = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The log entry's id (what resending takes). */
    id: z.number(),
    /** The URL called, secrets masked. */
    url: z.string(),
    /** The hook name of the event: `merge_request_hooks`, `milestone_hooks`... */
    trigger: z.string(),
    /** The headers sent (name to value), `X-Gitlab-Token` masked. */
    request_headers: z.looseObject({}),
    /** The payload sent. */
    request_data: z.unknown(),
    /** The receiver's headers (name to value). */
    response_headers: z.looseObject({}),
    /** The receiver's body (the first 8 KB). */
    response_body: z.string(),
    /** Seconds the delivery took. */
    execution_duration: z.number(),
    /** The receiver's status as text (`"200"`), or `"internal error"` when there was no answer. */
    response_status: z.string(),
    /** When it was sent (ISO 8601). */
    created_at: z.string(),
  }),
);
/**
 * A webhook delivery from a hook's log.
 * @interface
 */
export type HookEvent = z.infer<typeof HookEvent>;

/** The query of a hook's event log. */
export interface HookEventListQuery {
  /** Only deliveries answered with these statuses: codes (`'404'`), or `successful`, `client_failure`, `server_failure`. */
  status?: string[];
  /** Page number (default 1). */
  page?: number;
  /** Entries per page, 1 to 20 (default 20). */
  per_page?: number;
}

/** What resending a logged delivery answers: the receiver's status this time. */
export const HookEventResend = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The receiver's HTTP status (a delivery without an answer is a 422 instead). */
    response_status: z.number(),
  }),
);
/**
 * The answer to a resend.
 * @interface
 */
export type HookEventResend = z.infer<typeof HookEventResend>;

/**
 * The events a project hook's test can send (GitLab's `ProjectHook.triggers`: `merge_requests_events`...);
 * GitLab answers any other 400 `trigger does not have a valid value`.
 */
export type ProjectHookTrigger =
  | 'push_events'
  | 'tag_push_events'
  | 'issues_events'
  | 'confidential_issues_events'
  | 'note_events'
  | 'confidential_note_events'
  | 'merge_requests_events'
  | 'job_events'
  | 'pipeline_events'
  | 'wiki_page_events'
  | 'releases_events'
  | 'milestone_events'
  | 'emoji_events'
  | 'resource_access_token_events'
  | 'feature_flag_events'
  | 'deployment_events'
  | 'vulnerability_events';

/**
 * The events a group hook's test can send: the project hook's triggers (GitLab's route takes
 * `ProjectHook.triggers` for group hooks too), sent as the sample of a project in the group;
 * `member_events`, `subgroup_events` and `project_events` are 400.
 */
export type GroupHookTrigger = ProjectHookTrigger;

/** The sample system event a system hook's test sends and answers. */
export const SystemHookTestEvent = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** `project_create`. */
    event_name: z.string(),
  }),
);
/**
 * The sample event of a system hook's test.
 * @interface
 */
export type SystemHookTestEvent = z.infer<typeof SystemHookTestEvent>;
