import { type GitLabOptions, Transport } from './core/transport.js';
import { ProjectAccessTokens } from './resources/access-tokens.js';
import { Applications } from './resources/applications.js';
import { ProjectMilestones } from './resources/milestones.js';
import { GroupScimIdentities } from './resources/scim.js';

/**
 * The GitLab REST API v4 client. Resources hang off it by area, named as in
 * GitLab's docs: `gitlab.projects.milestones`, ...
 *
 * The token lives only inside the private transport: inspecting, logging or
 * serialising the client never shows it.
 *
 * @example
 * ```ts
 * const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN });
 * const page = await gitlab.projects.milestones.list('acme/api', { state: 'active' });
 * ```
 */
export class GitLab {
  /** The instance's OAuth applications (administrators only). */
  readonly applications: Applications;

  /** Project-level resources. */
  readonly projects: {
    /** A project's milestones. */
    readonly milestones: ProjectMilestones;
    /** A project's access tokens. */
    readonly accessTokens: ProjectAccessTokens;
  };

  /** Group-level resources. */
  readonly groups: {
    /** A group's SCIM identities. */
    readonly scim: GroupScimIdentities;
  };

  /** Creates a client; nothing is sent until a method is called. Throws a `TypeError` without a `baseUrl`. */
  constructor(options: GitLabOptions) {
    const transport = new Transport(options);
    this.applications = new Applications(transport);
    this.projects = Object.freeze({
      milestones: new ProjectMilestones(transport),
      accessTokens: new ProjectAccessTokens(transport),
    });
    this.groups = Object.freeze({
      scim: new GroupScimIdentities(transport),
    });
  }
}
