import type {
  Issue,
  Label,
  MergeRequest,
  Project,
  SubscribableType,
  Subscription,
  User,
  World,
} from '../world/types.js';
import { nextId } from '../world/world.js';

/**
 * Subscriptions to notifications, once for labels, issues and merge requests (GitLab's
 * `Subscribable`, `app/models/concerns/subscribable.rb`): a user's explicit subscribe or
 * unsubscribe is a record per user, subscribable and project (`null` for none); without one, an
 * issue or merge request counts its participants as subscribed (`Issuable#subscribed_without_subscriptions?`:
 * `participant?(user)`), a label no one. `subscribed` of every entity is read here.
 * @module
 */

/** A record that can be subscribed to, with its `subscribable_type`. */
export type Subscribable =
  | { type: 'Label'; record: Label }
  | { type: 'Issue'; record: Issue }
  | { type: 'MergeRequest'; record: MergeRequest };

const isOf = (s: Subscription, type: SubscribableType, id: number) =>
  s.subscribable_type === type && s.subscribable_id === id;

/** The user's explicit choice about a subscribable in a project (`null`: none), if any (`lazy_subscription`). */
function explicitChoice(world: World, user: User, subject: Subscribable, project: Project | null) {
  for (const s of world.subscriptions.values()) {
    if (s.user_id === user.id && isOf(s, subject.type, subject.record.id) && s.project_id === (project?.id ?? null)) {
      return s;
    }
  }
  return undefined;
}

/**
 * `Participable#participant?`: the author, an assignee or (merge requests) a reviewer (`participant :author`,
 * `:assignees` in `Issuable`, `:reviewers` in `MergeRequest`; notes, the other participants, are not modelled).
 * GitLab also asks that they can read the record: whoever is shown it, or subscribes to it, can.
 */
function isParticipant(user: User, subject: Subscribable): boolean {
  if (subject.type === 'Label') return false;
  const record = subject.record;
  return (
    record.author_id === user.id ||
    record.assignee_ids.includes(user.id) ||
    (subject.type === 'MergeRequest' && subject.record.reviewer_ids.includes(user.id))
  );
}

/** `Subscribable#subscribed?(user, project)`: the explicit choice made in that project, else whether a participant. */
export function isSubscribed(world: World, user: User, subject: Subscribable, project: Project | null): boolean {
  const choice = explicitChoice(world, user, subject, project);
  if (choice) return choice.subscribed;
  return isParticipant(user, subject);
}

/**
 * The Label entity's `subscribed` (`lib/api/entities/label.rb`): subscribed without a project, or,
 * shown through a project's routes, in that project.
 */
export function isSubscribedToLabel(world: World, user: User, label: Label, project: Project | null): boolean {
  const subject: Subscribable = { type: 'Label', record: label };
  return isSubscribed(world, user, subject, null) || (project !== null && isSubscribed(world, user, subject, project));
}

/**
 * `Subscribable#subscribe` / `#unsubscribe`: the choice is recorded in `project` (`find_or_initialize_subscription`),
 * and the user's choices at the other level are turned off (`unsubscribe_from_other_levels`: one in a
 * project turns off the one without, and the reverse).
 */
function setSubscription(
  world: World,
  user: User,
  subject: Subscribable,
  project: Project | null,
  subscribed: boolean,
): void {
  const projectId = project?.id ?? null;
  let own: Subscription | undefined;
  for (const s of world.subscriptions.values()) {
    if (s.user_id !== user.id || !isOf(s, subject.type, subject.record.id)) continue;
    if (s.project_id === projectId) own = s;
    else if ((projectId === null) !== (s.project_id === null)) s.subscribed = false;
  }
  if (own) {
    own.subscribed = subscribed;
    return;
  }
  const id = nextId(world, 'subscriptions');
  world.subscriptions.set(id, {
    id,
    user_id: user.id,
    subscribable_type: subject.type,
    subscribable_id: subject.record.id,
    project_id: projectId,
    subscribed,
  });
}

/**
 * The subscribe and unsubscribe routes (`lib/api/subscriptions.rb`): `false`, changing nothing, when the
 * user's state in `project` already is the one asked (`resource.subscribed?(current_user, parent)`: the
 * route answers 304), else records it and answers `true`.
 */
export function changeSubscription(
  world: World,
  user: User,
  subject: Subscribable,
  project: Project | null,
  subscribe: boolean,
): boolean {
  if (isSubscribed(world, user, subject, project) === subscribe) return false;
  setSubscription(world, user, subject, project, subscribe);
  return true;
}

/**
 * A subscribable's iid as the subscription routes read it (`requires :subscribable_id, type: String`,
 * then `find_by!(iid:)`): digits, or no record at all (`NaN`), which the finders answer 404.
 */
export const subscribableIid = (ref: string): number => (/^\d+$/.test(ref) ? Number(ref) : Number.NaN);

/** Deletes the subscriptions a test picks (a removed user's, project's, label's, issue's...: `dependent: :destroy`). */
export function dropSubscriptions(world: World, picks: (subscription: Subscription) => boolean): void {
  for (const s of [...world.subscriptions.values()]) if (picks(s)) world.subscriptions.delete(s.id);
}

/**
 * `Labels::PromoteService#subscribe_users`: the subscriptions to the labels merged into a group label
 * go to it, the newest one per user (`MAX(id)`); the others go with their labels.
 */
export function moveLabelSubscriptions(world: World, from: ReadonlySet<number>, to: Label): void {
  const newest = new Map<number, Subscription>();
  for (const s of world.subscriptions.values()) {
    if (s.subscribable_type !== 'Label' || !from.has(s.subscribable_id)) continue;
    const seen = newest.get(s.user_id);
    if (!seen || s.id > seen.id) newest.set(s.user_id, s);
  }
  for (const s of newest.values()) s.subscribable_id = to.id;
  dropSubscriptions(world, (s) => s.subscribable_type === 'Label' && from.has(s.subscribable_id));
}
