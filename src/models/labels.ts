import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';
import type { PaginationQuery } from './common.js';

/** A group's label (GitLab's Label entity); the counts only with `with_counts: true`. */
export const GroupLabel = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The label's id. */
    id: z.int(),
    /** The name (its title): what issues and merge requests carry in `labels`. */
    name: z.string(),
    /** The background colour, `#RRGGBB`. */
    color: z.string(),
    /** The description, or `null`. */
    description: z.nullable(z.string()),
    /** The description rendered as HTML. */
    description_html: z.optional(z.nullable(z.string())),
    /** The colour of the text on the label. */
    text_color: z.string(),
    /** Open issues carrying it that the caller can see. */
    open_issues_count: z.optional(z.int()),
    /** Closed issues carrying it that the caller can see. */
    closed_issues_count: z.optional(z.int()),
    /** Open merge requests carrying it that the caller can see. */
    open_merge_requests_count: z.optional(z.int()),
    /** Whether the caller subscribed to it. */
    subscribed: z.boolean(),
  }),
);
/**
 * A group's label.
 * @interface
 */
export type GroupLabel = z.infer<typeof GroupLabel>;

/** A label as a project's routes show it: a group label plus the priority in the project. */
export const ProjectLabel = /* @__PURE__ */ lazySchema(() =>
  z.extend(GroupLabel, {
    /** The priority in the project (lower first), or `null`. */
    priority: z.nullable(z.int()),
    /** `true` for the project's own labels, `false` for its groups' labels. */
    is_project_label: z.boolean(),
  }),
);
/**
 * A project's label.
 * @interface
 */
export type ProjectLabel = z.infer<typeof ProjectLabel>;

/** Filters of `GET /projects/:id/labels`. */
export interface ProjectLabelListQuery extends PaginationQuery {
  /** Add the issue and merge request counts. */
  with_counts?: boolean;
  /** Include the labels of the groups above the project's group (default `true`); `false` keeps the project's and its own group's. */
  include_ancestor_groups?: boolean;
  /** Only labels whose title or description contains this. */
  search?: string;
}

/** Filters of `GET /groups/:id/labels`. */
export interface GroupLabelListQuery extends PaginationQuery {
  /** Add the issue and merge request counts. */
  with_counts?: boolean;
  /** Include the labels of the group's ancestors (default `true`). */
  include_ancestor_groups?: boolean;
  /** Include the labels of its subgroups (default `false`). */
  include_descendant_groups?: boolean;
  /** Only group labels (default `true`); `false` adds the labels of its projects. */
  only_group_labels?: boolean;
  /** Only labels whose title or description contains this. */
  search?: string;
}

/** The body of `POST /projects/:id/labels`. */
export interface LabelCreate {
  /** The name; unique among the labels the project can use. */
  name: string;
  /** `#RRGGBB`, `#RGB` or a CSS colour name. */
  color: string;
  /** The description. */
  description?: string;
  /** The priority in the project (0 or more, lower first). */
  priority?: number;
}

/**
 * The label a deprecated route (`PUT /projects/:id/labels`, `DELETE /projects/:id/labels`) names in
 * its parameters: by id or by name, exactly one.
 */
export type LabelReference =
  | {
      /** The label's id. */
      label_id: number;
      /** Not with `label_id`. */
      name?: never;
    }
  | {
      /** The label's name. */
      name: string;
      /** Not with `name`. */
      label_id?: never;
    };

/** The body of `PUT /projects/:id/labels/:label_id`: at least one field. */
export interface LabelUpdate {
  /** The new name. */
  new_name?: string;
  /** The new colour. */
  color?: string;
  /** The new description. */
  description?: string;
  /** The new priority; `null` removes it. */
  priority?: number | null;
}
