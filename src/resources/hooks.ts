import type { PagePromise } from '../core/pagination.js';
import { type GroupRef, type ProjectRef, path } from '../core/path.js';
import { Resource } from '../core/resource.js';
import type { RequestOptions } from '../core/transport.js';
import type { PaginationQuery } from '../models/common.js';
import {
  GroupHook,
  type GroupHookCreate,
  type GroupHookTrigger,
  type GroupHookUpdate,
  HookEvent,
  type HookEventListQuery,
  HookEventResend,
  ProjectHook,
  type ProjectHookCreate,
  type ProjectHookTrigger,
  type ProjectHookUpdate,
  SystemHook,
  type SystemHookCreate,
  SystemHookTestEvent,
  type SystemHookUpdate,
} from '../models/hooks.js';

// One class per scope, not a generic base: the models, triggers, roles and test samples differ, and each
// method's page shows its own scope's route and example (CONTRIBUTING.md, "Project and group resources").

/**
 * A project's webhooks: `gitlab.projects.hooks`. Endpoints under `/projects/:id/hooks`;
 * every one needs the Maintainer role.
 */
export class ProjectHooks extends Resource {
  /**
   * Lists a project's webhooks, oldest first. `GET /projects/:id/hooks`
   *
   * @example
   * ```ts
   * for await (const hook of gitlab.projects.hooks.list('acme/api')) {
   *   console.log(hook.id, hook.url, hook.merge_requests_events);
   * }
   * ```
   */
  list(project: ProjectRef, query: PaginationQuery = {}, options?: RequestOptions): PagePromise<ProjectHook> {
    return this.paginate(path`projects/${project}/hooks`, ProjectHook, { query, ...options });
  }

  /**
   * Reads one webhook of a project. `GET /projects/:id/hooks/:hook_id`
   *
   * @example
   * ```ts
   * const hook = await gitlab.projects.hooks.get('acme/api', 7);
   * console.log(hook.url, hook.alert_status);
   * ```
   */
  get(project: ProjectRef, hookId: number, options?: RequestOptions): Promise<ProjectHook> {
    return this.request('GET', path`projects/${project}/hooks/${hookId}`, ProjectHook, options);
  }

  /**
   * Adds a webhook; an invalid or blocked URL is a 422 `Invalid url given`.
   * `POST /projects/:id/hooks`
   *
   * @example
   * ```ts
   * const hook = await gitlab.projects.hooks.create('acme/api', {
   *   url: 'https://bots.example.com/gitlab',
   *   token: 'a-shared-secret',
   *   push_events: false,
   *   merge_requests_events: true,
   * });
   * ```
   */
  create(project: ProjectRef, body: ProjectHookCreate, options?: RequestOptions): Promise<ProjectHook> {
    return this.request('POST', path`projects/${project}/hooks`, ProjectHook, { json: body, ...options });
  }

  /**
   * Changes a webhook's URL, events or settings; what is not given stays, and nothing at all
   * is a 400 `No parameters provided`. `PUT /projects/:id/hooks/:hook_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.hooks.update('acme/api', 7, { issues_events: true, token: 'a-new-secret' });
   * ```
   */
  update(project: ProjectRef, hookId: number, body: ProjectHookUpdate, options?: RequestOptions): Promise<ProjectHook> {
    return this.request('PUT', path`projects/${project}/hooks/${hookId}`, ProjectHook, { json: body, ...options });
  }

  /**
   * Deletes a webhook. `DELETE /projects/:id/hooks/:hook_id`
   *
   * @example
   * ```ts
   * await gitlab.projects.hooks.delete('acme/api', 7);
   * ```
   */
  delete(project: ProjectRef, hookId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/hooks/${hookId}`, null, options);
  }

  /**
   * Sets one URL variable of a webhook, the value put in the URL's `{key}` on delivery (never
   * shown afterwards); 422 `Illegal key or value` when the hook refuses it. A changed value of a
   * variable the URL uses drops the stored variables (GitLab guards secrets so), which a URL that
   * needs them refuses. `PUT /projects/:id/hooks/:hook_id/url_variables/:key`
   *
   * @example
   * ```ts
   * await gitlab.projects.hooks.setUrlVariable('acme/api', 7, 'team', 'platform');
   * ```
   */
  setUrlVariable(
    project: ProjectRef,
    hookId: number,
    key: string,
    value: string,
    options?: RequestOptions,
  ): Promise<void> {
    return this.request('PUT', path`projects/${project}/hooks/${hookId}/url_variables/${key}`, null, {
      json: { value },
      ...options,
    });
  }

  /**
   * Removes one URL variable of a webhook; 404 `URL variable Not Found` when it has none of that
   * name, 422 `Could not unset variable` when the URL uses it. `DELETE /projects/:id/hooks/:hook_id/url_variables/:key`
   *
   * @example
   * ```ts
   * await gitlab.projects.hooks.deleteUrlVariable('acme/api', 7, 'team');
   * ```
   */
  deleteUrlVariable(project: ProjectRef, hookId: number, key: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/hooks/${hookId}/url_variables/${key}`, null, options);
  }

  /**
   * Sets one custom header sent with every delivery (never shown afterwards; GitLab's own headers
   * win); 422 `Illegal key or value` when the hook refuses it. `PUT /projects/:id/hooks/:hook_id/custom_headers/:key`
   *
   * @example
   * ```ts
   * await gitlab.projects.hooks.setCustomHeader('acme/api', 7, 'X-Receiver-Key', 'a-shared-secret');
   * ```
   */
  setCustomHeader(
    project: ProjectRef,
    hookId: number,
    key: string,
    value: string,
    options?: RequestOptions,
  ): Promise<void> {
    return this.request('PUT', path`projects/${project}/hooks/${hookId}/custom_headers/${key}`, null, {
      json: { value },
      ...options,
    });
  }

  /**
   * Removes one custom header of a webhook; 404 `Custom header Not Found` when it has none of that
   * name. `DELETE /projects/:id/hooks/:hook_id/custom_headers/:key`
   *
   * @example
   * ```ts
   * await gitlab.projects.hooks.deleteCustomHeader('acme/api', 7, 'X-Receiver-Key');
   * ```
   */
  deleteCustomHeader(project: ProjectRef, hookId: number, key: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`projects/${project}/hooks/${hookId}/custom_headers/${key}`, null, options);
  }

  /**
   * Lists a webhook's recent deliveries (since the start of the day seven days ago), newest first, at most 20 a page.
   * `GET /projects/:id/hooks/:hook_id/events`
   *
   * @example
   * ```ts
   * const failed = await gitlab.projects.hooks.events('acme/api', 7, { status: ['server_failure'] });
   * for (const event of failed.items) console.log(event.id, event.response_status, event.trigger);
   * ```
   */
  events(
    project: ProjectRef,
    hookId: number,
    query: HookEventListQuery = {},
    options?: RequestOptions,
  ): PagePromise<HookEvent> {
    return this.paginate(path`projects/${project}/hooks/${hookId}/events`, HookEvent, { query, ...options });
  }

  /**
   * Sends a logged delivery again, with the same `Idempotency-Key`; 422 when the hook's URL
   * changed since or the hook is disabled, 429 past 5 a minute.
   * `POST /projects/:id/hooks/:hook_id/events/:hook_log_id/resend`
   *
   * @example
   * ```ts
   * const { response_status } = await gitlab.projects.hooks.resendEvent('acme/api', 7, 42);
   * ```
   */
  resendEvent(
    project: ProjectRef,
    hookId: number,
    eventId: number,
    options?: RequestOptions,
  ): Promise<HookEventResend> {
    return this.request(
      'POST',
      path`projects/${project}/hooks/${hookId}/events/${eventId}/resend`,
      HookEventResend,
      options,
    );
  }

  /**
   * Sends a sample event to a webhook now (even a disabled one): resolves when the receiver
   * answers 2xx; a 422 carries its body otherwise, and a project without the record the sample
   * needs is a 422 too (`Ensure the project has merge requests.`); 429 past 5 a minute. A push
   * sends the default branch's head (GitLab's fixed sample for an empty repository).
   * `POST /projects/:id/hooks/:hook_id/test/:trigger`
   *
   * @example
   * ```ts
   * await gitlab.projects.hooks.test('acme/api', 7, 'merge_requests_events');
   * ```
   */
  test(project: ProjectRef, hookId: number, trigger: ProjectHookTrigger, options?: RequestOptions): Promise<void> {
    return this.request('POST', path`projects/${project}/hooks/${hookId}/test/${trigger}`, null, options);
  }
}

/**
 * The instance's system hooks: `gitlab.hooks`. Endpoints under `/hooks`; every one needs an
 * administrator.
 */
export class SystemHooks extends Resource {
  /**
   * Lists the system hooks, oldest first. `GET /hooks`
   *
   * @example
   * ```ts
   * const hooks = await gitlab.hooks.list().toArray();
   * console.log(hooks.map((hook) => hook.url));
   * ```
   */
  list(query: PaginationQuery = {}, options?: RequestOptions): PagePromise<SystemHook> {
    return this.paginate('hooks', SystemHook, { query, ...options });
  }

  /**
   * Reads one system hook. `GET /hooks/:hook_id`
   *
   * @example
   * ```ts
   * const hook = await gitlab.hooks.get(3);
   * console.log(hook.url, hook.repository_update_events);
   * ```
   */
  get(hookId: number, options?: RequestOptions): Promise<SystemHook> {
    return this.request('GET', path`hooks/${hookId}`, SystemHook, options);
  }

  /**
   * Adds a system hook; an invalid or blocked URL is a 422 `Invalid url given`. `POST /hooks`
   *
   * @example
   * ```ts
   * const hook = await gitlab.hooks.create({ url: 'https://audit.example.com/gitlab', token: 'a-shared-secret' });
   * ```
   */
  create(body: SystemHookCreate, options?: RequestOptions): Promise<SystemHook> {
    return this.request('POST', 'hooks', SystemHook, { json: body, ...options });
  }

  /**
   * Changes a system hook; what is not given stays. `PUT /hooks/:hook_id`
   *
   * @example
   * ```ts
   * await gitlab.hooks.update(3, { merge_requests_events: true });
   * ```
   */
  update(hookId: number, body: SystemHookUpdate, options?: RequestOptions): Promise<SystemHook> {
    return this.request('PUT', path`hooks/${hookId}`, SystemHook, { json: body, ...options });
  }

  /**
   * Deletes a system hook. `DELETE /hooks/:hook_id`
   *
   * @example
   * ```ts
   * await gitlab.hooks.delete(3);
   * ```
   */
  delete(hookId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`hooks/${hookId}`, null, options);
  }

  /**
   * Sets one URL variable of a webhook, the value put in the URL's `{key}` on delivery (never
   * shown afterwards); 422 `Illegal key or value` when the hook refuses it. A changed value of a
   * variable the URL uses drops the stored variables (GitLab guards secrets so), which a URL that
   * needs them refuses. `PUT /hooks/:hook_id/url_variables/:key`
   *
   * @example
   * ```ts
   * await gitlab.hooks.setUrlVariable(3, 'team', 'platform');
   * ```
   */
  setUrlVariable(hookId: number, key: string, value: string, options?: RequestOptions): Promise<void> {
    return this.request('PUT', path`hooks/${hookId}/url_variables/${key}`, null, { json: { value }, ...options });
  }

  /**
   * Removes one URL variable of a webhook; 404 `URL variable Not Found` when it has none of that
   * name, 422 `Could not unset variable` when the URL uses it. `DELETE /hooks/:hook_id/url_variables/:key`
   *
   * @example
   * ```ts
   * await gitlab.hooks.deleteUrlVariable(3, 'team');
   * ```
   */
  deleteUrlVariable(hookId: number, key: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`hooks/${hookId}/url_variables/${key}`, null, options);
  }

  /**
   * Sets one custom header sent with every delivery (never shown afterwards; GitLab's own headers
   * win); 422 `Illegal key or value` when the hook refuses it. `PUT /hooks/:hook_id/custom_headers/:key`
   *
   * @example
   * ```ts
   * await gitlab.hooks.setCustomHeader(3, 'X-Receiver-Key', 'a-shared-secret');
   * ```
   */
  setCustomHeader(hookId: number, key: string, value: string, options?: RequestOptions): Promise<void> {
    return this.request('PUT', path`hooks/${hookId}/custom_headers/${key}`, null, { json: { value }, ...options });
  }

  /**
   * Removes one custom header of a webhook; 404 `Custom header Not Found` when it has none of that
   * name. `DELETE /hooks/:hook_id/custom_headers/:key`
   *
   * @example
   * ```ts
   * await gitlab.hooks.deleteCustomHeader(3, 'X-Receiver-Key');
   * ```
   */
  deleteCustomHeader(hookId: number, key: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`hooks/${hookId}/custom_headers/${key}`, null, options);
  }

  /**
   * Sends GitLab's sample system event (`project_create`) to a system hook and answers it.
   * `POST /hooks/:hook_id`
   *
   * @example
   * ```ts
   * const sample = await gitlab.hooks.test(3);
   * console.log(sample.event_name);
   * ```
   */
  test(hookId: number, options?: RequestOptions): Promise<SystemHookTestEvent> {
    return this.request('POST', path`hooks/${hookId}`, SystemHookTestEvent, options);
  }
}

/**
 * A group's webhooks (Premium): `gitlab.groups.hooks`. Endpoints under `/groups/:id/hooks`;
 * every one needs the Owner role. A group hook receives the events of the group's projects too.
 */
export class GroupHooks extends Resource {
  /**
   * Lists a group's webhooks, oldest first. `GET /groups/:id/hooks`
   *
   * @example
   * ```ts
   * const hooks = await gitlab.groups.hooks.list('acme').toArray();
   * console.log(hooks.map((hook) => [hook.url, hook.member_events]));
   * ```
   */
  list(group: GroupRef, query: PaginationQuery = {}, options?: RequestOptions): PagePromise<GroupHook> {
    return this.paginate(path`groups/${group}/hooks`, GroupHook, { query, ...options });
  }

  /**
   * Reads one webhook of a group. `GET /groups/:id/hooks/:hook_id`
   *
   * @example
   * ```ts
   * const hook = await gitlab.groups.hooks.get('acme', 7);
   * ```
   */
  get(group: GroupRef, hookId: number, options?: RequestOptions): Promise<GroupHook> {
    return this.request('GET', path`groups/${group}/hooks/${hookId}`, GroupHook, options);
  }

  /**
   * Adds a group webhook; an invalid or blocked URL is a 422 `Invalid url given`.
   * `POST /groups/:id/hooks`
   *
   * @example
   * ```ts
   * const hook = await gitlab.groups.hooks.create('acme', {
   *   url: 'https://bots.example.com/gitlab',
   *   push_events: false,
   *   member_events: true,
   * });
   * ```
   */
  create(group: GroupRef, body: GroupHookCreate, options?: RequestOptions): Promise<GroupHook> {
    return this.request('POST', path`groups/${group}/hooks`, GroupHook, { json: body, ...options });
  }

  /**
   * Changes a group webhook; what is not given stays. `PUT /groups/:id/hooks/:hook_id`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.update('acme', 7, { subgroup_events: true });
   * ```
   */
  update(group: GroupRef, hookId: number, body: GroupHookUpdate, options?: RequestOptions): Promise<GroupHook> {
    return this.request('PUT', path`groups/${group}/hooks/${hookId}`, GroupHook, { json: body, ...options });
  }

  /**
   * Deletes a group webhook. `DELETE /groups/:id/hooks/:hook_id`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.delete('acme', 7);
   * ```
   */
  delete(group: GroupRef, hookId: number, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`groups/${group}/hooks/${hookId}`, null, options);
  }

  /**
   * Sets one URL variable of a webhook, the value put in the URL's `{key}` on delivery (never
   * shown afterwards); 422 `Illegal key or value` when the hook refuses it. A changed value of a
   * variable the URL uses drops the stored variables (GitLab guards secrets so), which a URL that
   * needs them refuses. `PUT /groups/:id/hooks/:hook_id/url_variables/:key`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.setUrlVariable('acme', 7, 'team', 'platform');
   * ```
   */
  setUrlVariable(group: GroupRef, hookId: number, key: string, value: string, options?: RequestOptions): Promise<void> {
    return this.request('PUT', path`groups/${group}/hooks/${hookId}/url_variables/${key}`, null, {
      json: { value },
      ...options,
    });
  }

  /**
   * Removes one URL variable of a webhook; 404 `URL variable Not Found` when it has none of that
   * name, 422 `Could not unset variable` when the URL uses it. `DELETE /groups/:id/hooks/:hook_id/url_variables/:key`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.deleteUrlVariable('acme', 7, 'team');
   * ```
   */
  deleteUrlVariable(group: GroupRef, hookId: number, key: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`groups/${group}/hooks/${hookId}/url_variables/${key}`, null, options);
  }

  /**
   * Sets one custom header sent with every delivery (never shown afterwards; GitLab's own headers
   * win); 422 `Illegal key or value` when the hook refuses it. `PUT /groups/:id/hooks/:hook_id/custom_headers/:key`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.setCustomHeader('acme', 7, 'X-Receiver-Key', 'a-shared-secret');
   * ```
   */
  setCustomHeader(
    group: GroupRef,
    hookId: number,
    key: string,
    value: string,
    options?: RequestOptions,
  ): Promise<void> {
    return this.request('PUT', path`groups/${group}/hooks/${hookId}/custom_headers/${key}`, null, {
      json: { value },
      ...options,
    });
  }

  /**
   * Removes one custom header of a webhook; 404 `Custom header Not Found` when it has none of that
   * name. `DELETE /groups/:id/hooks/:hook_id/custom_headers/:key`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.deleteCustomHeader('acme', 7, 'X-Receiver-Key');
   * ```
   */
  deleteCustomHeader(group: GroupRef, hookId: number, key: string, options?: RequestOptions): Promise<void> {
    return this.request('DELETE', path`groups/${group}/hooks/${hookId}/custom_headers/${key}`, null, options);
  }

  /**
   * Lists a group webhook's recent deliveries (since the start of the day seven days ago), newest first, at most 20 a page.
   * `GET /groups/:id/hooks/:hook_id/events`
   *
   * @example
   * ```ts
   * const recent = await gitlab.groups.hooks.events('acme', 4);
   * console.log(recent.items.map((event) => event.response_status));
   * ```
   */
  events(
    group: GroupRef,
    hookId: number,
    query: HookEventListQuery = {},
    options?: RequestOptions,
  ): PagePromise<HookEvent> {
    return this.paginate(path`groups/${group}/hooks/${hookId}/events`, HookEvent, { query, ...options });
  }

  /**
   * Sends a logged delivery of a group webhook again, with the same `Idempotency-Key`; 422 when
   * the hook's URL changed since or the hook is disabled, 429 past 5 a minute.
   * `POST /groups/:id/hooks/:hook_id/events/:hook_log_id/resend`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.resendEvent('acme', 4, 42);
   * ```
   */
  resendEvent(group: GroupRef, hookId: number, eventId: number, options?: RequestOptions): Promise<HookEventResend> {
    return this.request(
      'POST',
      path`groups/${group}/hooks/${hookId}/events/${eventId}/resend`,
      HookEventResend,
      options,
    );
  }
  /**
   * Sends a sample event to a group webhook now (even a disabled one): the sample of the first
   * project with commits in the group or its subgroups (422 `Ensure the group has a project with
   * commits.` without one); resolves when the receiver answers 2xx, a 422 otherwise; 429 past 5 a
   * minute. The triggers are a project hook's: `member_events` is 400.
   * `POST /groups/:id/hooks/:hook_id/test/:trigger`
   *
   * @example
   * ```ts
   * await gitlab.groups.hooks.test('acme', 4, 'merge_requests_events');
   * ```
   */
  test(group: GroupRef, hookId: number, trigger: GroupHookTrigger, options?: RequestOptions): Promise<void> {
    return this.request('POST', path`groups/${group}/hooks/${hookId}/test/${trigger}`, null, options);
  }
}
