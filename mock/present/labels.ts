import type { GroupLabel, ProjectLabel } from '../../src/models/labels.js';
import { labelCounts, textColorOf } from '../rules/labels.js';
import { isSubscribedToLabel } from '../rules/subscriptions.js';
import type { Label, Project, User, World } from '../world/types.js';

/**
 * Labels as GitLab's entities show them (`lib/api/entities/label_basic.rb`, `label.rb`,
 * `project_label.rb`): the counts only with `with_counts=true`; `subscribed` from the one place
 * subscriptions are decided (`rules/subscriptions.ts`); a description is shown as plain escaped text.
 * @module
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * GitLab's LabelBasic entity (`lib/api/entities/label_basic.rb`), as issue and merge request lists show their
 * labels with `with_labels_details=true`; `archived` only under the `labels_archive` flag, off in 18.6.
 */
export function presentLabelBasic(label: Label) {
  return {
    id: label.id,
    name: label.title,
    description: label.description,
    description_html: label.description === null ? '' : escapeHtml(label.description),
    text_color: textColorOf(label.color),
    color: label.color,
  };
}

/** GitLab's Label entity, as group label routes answer it. */
export function presentGroupLabel(world: World, viewer: User, label: Label, withCounts = false): GroupLabel {
  return presentLabel(world, viewer, null, label, withCounts);
}

/** The Label entity shown through a project's routes (`parent`) or a group's (`null`): `subscribed` depends on it. */
function presentLabel(
  world: World,
  viewer: User,
  parent: Project | null,
  label: Label,
  withCounts: boolean,
): GroupLabel {
  return {
    ...presentLabelBasic(label),
    ...(withCounts ? labelCounts(world, viewer, label) : {}),
    subscribed: isSubscribedToLabel(world, viewer, label, parent),
  };
}

/** GitLab's ProjectLabel entity: the Label entity, the priority in the project, and whether it is the project's own. */
export function presentProjectLabel(
  world: World,
  viewer: User,
  project: Project,
  label: Label,
  withCounts = false,
): ProjectLabel {
  return {
    ...presentLabel(world, viewer, project, label, withCounts),
    // `label.priority(parent)` (`lib/api/entities/project_label.rb`): the label's priority in this project.
    priority: label.priorities.get(project.id) ?? null,
    is_project_label: label.project_id !== null,
  };
}
