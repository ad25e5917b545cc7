import type { Issue, MergeRequest } from '../world/types.js';

/** The fields every issue and merge request entity starts with (GitLab's IssuableEntity), in GitLab's order. */
export function issuableFields<T extends Issue | MergeRequest>(record: T) {
  return {
    id: record.id,
    iid: record.iid,
    project_id: record.project_id,
    title: record.title,
    description: record.description,
    state: record.state as T['state'],
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
