import { type GitLabOptions, Transport } from './core/transport.js';
import { ProjectMilestones } from './resources/milestones.js';

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
  /** Project-level resources. */
  readonly projects: {
    /** A project's milestones. */
    readonly milestones: ProjectMilestones;
  };

  /** Creates a client; nothing is sent until a method is called. Throws a `TypeError` without a `baseUrl`. */
  constructor(options: GitLabOptions) {
    const transport = new Transport(options);
    this.projects = Object.freeze({
      milestones: new ProjectMilestones(transport),
    });
  }
}
