import type { GitLabCredentialsError } from './core/errors.js';
import { type GitLabOptions, Transport } from './core/transport.js';
import { Applications } from './resources/applications.js';
import { GroupApprovalRules } from './resources/approval-rules.js';
import { GroupApprovalSettings } from './resources/approval-settings.js';
import { Groups } from './resources/groups.js';
import { Projects } from './resources/projects.js';
import { GroupScimIdentities } from './resources/scim.js';

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
  readonly applications: Applications;

  /** Projects (list, read), and the resources inside a project: `gitlab.projects.milestones`... */
  readonly projects: Projects;

  /** Groups (their projects), and group-level resources. */
  readonly groups: Groups & {
    /** A group's SCIM identities. */
    readonly scim: GroupScimIdentities;
    /** A group's merge request approval settings, which its projects inherit. */
    readonly approvalSettings: GroupApprovalSettings;
    /** A group's approval rules (experimental in GitLab). */
    readonly approvalRules: GroupApprovalRules;
  };

  /**
   * Creates a client; nothing is sent until a method is called. Throws a `TypeError` without a
   * `baseUrl`, and a {@link GitLabCredentialsError} for more than one credential.
   */
  constructor(options: GitLabOptions) {
    const transport = new Transport(options);
    this.applications = new Applications(transport);
    this.projects = new Projects(transport);
    this.groups = Object.assign(new Groups(transport), {
      scim: new GroupScimIdentities(transport),
      approvalSettings: new GroupApprovalSettings(transport),
      approvalRules: new GroupApprovalRules(transport),
    });
  }
}
