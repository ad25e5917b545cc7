import type { Group, Issue, MergeRequest, Project } from '../world/types.js';

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

/**
 * `references.relative` (`IssuableReferences`: `to_reference(options[:group] || options[:project])`): the bare
 * `reference` (`#7`, `!7`) in a project's list and the instance's; in a group's (`from`), prefixed with the project's
 * path when the project is right in that group, with its full path otherwise (`Project#to_reference_base`).
 */
export function relativeReference(project: Project, reference: string, from: Group | undefined): string {
  if (from === undefined) return reference;
  const inGroup = project.namespace.kind === 'group' && project.namespace.id === from.id;
  return `${inGroup ? project.path : project.path_with_namespace}${reference}`;
}
