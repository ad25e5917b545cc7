import type { GitLabCredentialsError } from './core/errors.js';
import { lazyResources } from './core/lazy.js';
import { type GitLabOptions, type RequestOptions, Transport } from './core/transport.js';
import type { Metadata, Version } from './models/instance.js';
import { Applications } from './resources/applications.js';
import { Events } from './resources/events.js';
import { Groups } from './resources/groups.js';
import { SystemHooks } from './resources/hooks.js';
import { Instance } from './resources/instance.js';
import { InstanceIssues } from './resources/issues.js';
import { InstanceMergeRequests } from './resources/merge-requests.js';
import { Namespaces } from './resources/namespaces.js';
import { PersonalAccessTokens } from './resources/personal-access-tokens.js';
import { Projects } from './resources/projects.js';
import { Users } from './resources/users.js';

/**
 * The GitLab REST API v4 client. Resources hang off it by area, named as in
 * GitLab's docs: `gitlab.projects.milestones`, ...
 *
 * The credential (`token`, `oauthToken` or `jobToken`, a string or a function
 * returning one) lives only inside the private transport: inspecting, logging or
 * serialising the client never shows it.
 *
 * @example
 * ```ts
 * import { GitLab } from 'gitlab-admin-sdk';
 *
 * const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
 * const page = await gitlab.projects.milestones.list('acme/api', { state: 'active' });
 * ```
 */
export class GitLab {
  /** The instance's OAuth applications (administrators only). */
  declare readonly applications: Applications;

  /** Projects (list, read), and the resources inside a project: `gitlab.projects.milestones`, `gitlab.projects.mergeRequests`... */
  declare readonly projects: Projects;

  /** Merge requests across the projects the caller can read. */
  declare readonly mergeRequests: InstanceMergeRequests;

  /** Issues across the projects the caller can see. */
  declare readonly issues: InstanceIssues;

  /** Groups, and group-level resources: `gitlab.groups.list()`, `gitlab.groups.milestones`, `gitlab.groups.scim`... */
  declare readonly groups: Groups;

  /** The instance's users, and the caller (`gitlab.users.current()`). */
  declare readonly users: Users;

  /** Personal access tokens: the client's own token (`gitlab.personalAccessTokens.self()`). */
  declare readonly personalAccessTokens: PersonalAccessTokens;

  /** Groups and personal namespaces (`gitlab.namespaces.list()`, `exists`). */
  declare readonly namespaces: Namespaces;

  /** The caller's own activity events (`gitlab.events.list()`). */
  declare readonly events: Events;

  /** The instance's system hooks, for administrators (`gitlab.hooks.list()`). */
  declare readonly hooks: SystemHooks;

  readonly #transport: Transport;
  #instance: Instance | undefined;

  /**
   * Creates a client; nothing is sent until a method is called. Throws a `TypeError` without a
   * `baseUrl`, and a {@link GitLabCredentialsError} for more than one credential.
   */
  constructor(options: GitLabOptions) {
    const transport = new Transport(options);
    this.#transport = transport;
    // Each resource is made on first access (issue 41): a program pays only for the ones it touches.
    lazyResources<GitLab>(this, transport, {
      applications: Applications,
      projects: Projects,
      mergeRequests: InstanceMergeRequests,
      issues: InstanceIssues,
      groups: Groups,
      users: Users,
      personalAccessTokens: PersonalAccessTokens,
      namespaces: Namespaces,
      events: Events,
      hooks: SystemHooks,
    });
  }

  /**
   * The GitLab version and revision. `GET /version`
   *
   * @example
   * ```ts
   * const { version } = await gitlab.version();
   * ```
   */
  version(options?: RequestOptions): Promise<Version> {
    return this.#instanceResource().version(options);
  }

  /**
   * The GitLab version, revision, agent server for Kubernetes, and whether it is the
   * Enterprise Edition. `GET /metadata`
   *
   * @example
   * ```ts
   * const { version, enterprise } = await gitlab.metadata();
   * ```
   */
  metadata(options?: RequestOptions): Promise<Metadata> {
    return this.#instanceResource().metadata(options);
  }

  #instanceResource(): Instance {
    this.#instance ??= new Instance(this.#transport);
    return this.#instance;
  }
}
