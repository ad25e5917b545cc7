import type { GitLabCredentialsError } from './core/errors.js';
import { type GitLabOptions, Transport } from './core/transport.js';
import { ProjectAccessTokens } from './resources/access-tokens.js';
import { Applications } from './resources/applications.js';
import { GroupApprovalRules, MergeRequestApprovalRules, ProjectApprovalRules } from './resources/approval-rules.js';
import { GroupApprovalSettings, ProjectApprovalSettings } from './resources/approval-settings.js';
import { MergeRequestApprovals, ProjectApprovals } from './resources/approvals.js';
import { GroupMembers, ProjectMembers } from './resources/members.js';
import { ProjectMilestones } from './resources/milestones.js';
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

  /** Project-level resources. */
  readonly projects: {
    /** A project's milestones. */
    readonly milestones: ProjectMilestones;
    /** A project's access tokens. */
    readonly accessTokens: ProjectAccessTokens;
    /** A project's approval configuration. */
    readonly approvals: ProjectApprovals;
    /** A project's approval rules. */
    readonly approvalRules: ProjectApprovalRules;
    /** A project's merge request approval settings, with what it inherits. */
    readonly approvalSettings: ProjectApprovalSettings;
    /** Merge requests: approving them, and their own approval rules. */
    readonly mergeRequests: {
      /** Approval status and state of a merge request; approve, unapprove, reset. */
      readonly approvals: MergeRequestApprovals;
      /** A merge request's own approval rules. */
      readonly approvalRules: MergeRequestApprovalRules;
    };
    /** A project's members, direct and inherited. */
    readonly members: ProjectMembers;
  };

  /** Group-level resources. */
  readonly groups: {
    /** A group's SCIM identities. */
    readonly scim: GroupScimIdentities;
    /** A group's merge request approval settings, which its projects inherit. */
    readonly approvalSettings: GroupApprovalSettings;
    /** A group's approval rules (experimental in GitLab). */
    readonly approvalRules: GroupApprovalRules;
    /** A group's members, direct and inherited. */
    readonly members: GroupMembers;
  };

  /**
   * Creates a client; nothing is sent until a method is called. Throws a `TypeError` without a
   * `baseUrl`, and a {@link GitLabCredentialsError} for more than one credential.
   */
  constructor(options: GitLabOptions) {
    const transport = new Transport(options);
    this.applications = new Applications(transport);
    this.projects = Object.freeze({
      milestones: new ProjectMilestones(transport),
      accessTokens: new ProjectAccessTokens(transport),
      approvals: new ProjectApprovals(transport),
      approvalRules: new ProjectApprovalRules(transport),
      approvalSettings: new ProjectApprovalSettings(transport),
      mergeRequests: Object.freeze({
        approvals: new MergeRequestApprovals(transport),
        approvalRules: new MergeRequestApprovalRules(transport),
      }),
      members: new ProjectMembers(transport),
    });
    this.groups = Object.freeze({
      scim: new GroupScimIdentities(transport),
      approvalSettings: new GroupApprovalSettings(transport),
      approvalRules: new GroupApprovalRules(transport),
      members: new GroupMembers(transport),
    });
  }
}
