import type { ProjectApprovalConfigurationUpdate } from '../../../src/models/approvals.js';
import { validationError } from '../../http/errors.js';
import { groupChain, projectGroup } from '../../world/memberships.js';
import type { ApprovalSettingValues, Group, Project, World } from '../../world/types.js';

/**
 * Merge request approval settings, inherited instance → group → project
 * (GITLAB-BEHAVIOR 4, SPEC 2). Each level stores its own values once; the
 * settings document and a project's approval configuration are views computed
 * from them on every read.
 * @module
 */

/** Settings where `true` permits something: a level that sets `false` forbids it below. */
const PERMISSIVE = [
  'allow_author_approval',
  'allow_committer_approval',
  'allow_overrides_to_approver_list_per_merge_request',
  'retain_approvals_on_push',
] as const;
/** Settings where `true` restricts something: a level that sets `true` imposes it below. */
const RESTRICTIVE = ['selective_code_owner_removals', 'require_reauthentication_to_approve'] as const;

/** The settings a level stores. `require_password_to_approve` is not one: it mirrors re-authentication (SPEC 1). */
export type SettingName = (typeof PERMISSIVE)[number] | (typeof RESTRICTIVE)[number];
export const SETTING_NAMES: readonly SettingName[] = [...PERMISSIVE, ...RESTRICTIVE];
export type SettingValues = Record<SettingName, boolean>;

/** A new project's values, as GitLab creates projects: authors may not approve, approvals reset on push. */
export const PROJECT_DEFAULTS: SettingValues = {
  allow_author_approval: false,
  allow_committer_approval: true,
  allow_overrides_to_approver_list_per_merge_request: true,
  retain_approvals_on_push: false,
  selective_code_owner_removals: false,
  require_reauthentication_to_approve: false,
};

/** One entry of the settings document. */
export type ResolvedSetting = {
  value: boolean;
  locked: boolean;
  inherited_from: 'instance' | 'group' | null;
};
export type ResolvedSettings = Record<SettingName, ResolvedSetting>;

const isRestrictive = (name: SettingName) => (RESTRICTIVE as readonly string[]).includes(name);

/** A level's stored value; the deprecated `require_password_to_approve` stands in for re-authentication. */
function stored(values: ApprovalSettingValues, name: SettingName): boolean | undefined {
  if (name === 'require_reauthentication_to_approve') {
    return values.require_reauthentication_to_approve ?? values.require_password_to_approve;
  }
  return values[name];
}

/** Whether a level's value forbids (or, for a restrictive setting, imposes) something for the levels below. */
const binds = (name: SettingName, value: boolean | undefined) =>
  value !== undefined && (isRestrictive(name) ? value : !value);

/**
 * GITLAB-BEHAVIOR 4: in "allow" terms the value is the AND of every level that sets
 * it; a higher level that forbids locks it below, and says where it comes from.
 */
function resolve(
  name: SettingName,
  instance: ApprovalSettingValues,
  groups: readonly Group[],
  own: ApprovalSettingValues,
): ResolvedSetting {
  const byInstance = binds(name, stored(instance, name));
  const byGroup = groups.some((g) => binds(name, stored(g.approval_settings, name)));
  const locked = byInstance || byGroup;
  const restrictive = isRestrictive(name);
  return {
    value: locked ? restrictive : (stored(own, name) ?? !restrictive),
    locked,
    inherited_from: byInstance ? 'instance' : byGroup ? 'group' : null,
  };
}

function resolveAll(world: World, groups: readonly Group[], own: ApprovalSettingValues): ResolvedSettings {
  const out = {} as ResolvedSettings;
  for (const name of SETTING_NAMES) out[name] = resolve(name, world.instance.approval_settings, groups, own);
  return out;
}

/** A project's settings document: its own values under its groups' and the instance's. */
export function projectSettings(world: World, project: Project, own = project.approval_settings): ResolvedSettings {
  const group = projectGroup(world, project);
  return resolveAll(world, group ? groupChain(world, group) : [], own);
}

/** A group's settings document: its own values under its ancestors' and the instance's. */
export function groupSettings(world: World, group: Group, own = group.approval_settings): ResolvedSettings {
  return resolveAll(world, groupChain(world, group).slice(1), own);
}

/** The values that apply, without lock information. */
export function settingValues(resolved: ResolvedSettings): SettingValues {
  const out = {} as SettingValues;
  for (const name of SETTING_NAMES) out[name] = resolved[name].value;
  return out;
}

/** The values that apply to a project's merge requests. */
export const effectiveProjectSettings = (world: World, project: Project) =>
  settingValues(projectSettings(world, project));

/** Where a `selective_code_owner_removals` conflict is reported: each endpoint has GitLab's own message. */
export type ConflictMessage = 'approval_setting' | 'approvals';

function conflictError(endpoint: ConflictMessage) {
  return endpoint === 'approval_setting'
    ? validationError('selective_code_owner_removals can only be enabled when retain_approvals_on_push is enabled')
    : validationError({
        base: ['selective_code_owner_removals can only be enabled when reset_approvals_on_push is disabled'],
      });
}

/**
 * Changes a project's own values. Locked settings keep their value (SPEC 2).
 * Selective code-owner removal needs approvals retained on push: when the
 * request touches either, the values that would apply are checked first and a
 * conflict is a 400 that changes nothing. Returns the new document.
 */
export function updateProjectSettings(
  world: World,
  project: Project,
  changes: Partial<SettingValues>,
  endpoint: ConflictMessage,
): ResolvedSettings {
  const next = withUnlocked(project.approval_settings, projectSettings(world, project), changes);
  const after = projectSettings(world, project, next);
  const touched = 'selective_code_owner_removals' in changes || 'retain_approvals_on_push' in changes;
  if (touched && settingsConflict(settingValues(after))) throw conflictError(endpoint);
  project.approval_settings = next;
  return after;
}

/** Changes a group's own values; settings locked by the instance or an ancestor keep theirs. */
export function updateGroupSettings(world: World, group: Group, changes: Partial<SettingValues>): ResolvedSettings {
  group.approval_settings = withUnlocked(group.approval_settings, groupSettings(world, group), changes);
  return groupSettings(world, group);
}

function withUnlocked(
  own: ApprovalSettingValues,
  resolved: ResolvedSettings,
  changes: Partial<SettingValues>,
): ApprovalSettingValues {
  const next: ApprovalSettingValues = { ...own };
  for (const name of SETTING_NAMES) {
    const value = changes[name];
    if (value === undefined || resolved[name].locked) continue;
    next[name] = value;
    // One stored value for re-authentication; the deprecated name only mirrors it.
    if (name === 'require_reauthentication_to_approve') delete next.require_password_to_approve;
  }
  return next;
}

const not = (value: boolean | undefined) => (value === undefined ? undefined : !value);

/** The approval configuration's names mapped onto the settings (GITLAB-BEHAVIOR 4, SPEC 2). */
export function configurationToSettings(changes: ProjectApprovalConfigurationUpdate): Partial<SettingValues> {
  const mapped: Partial<SettingValues> = {
    allow_author_approval: changes.merge_requests_author_approval,
    allow_committer_approval: not(changes.merge_requests_disable_committers_approval),
    allow_overrides_to_approver_list_per_merge_request: not(changes.disable_overriding_approvers_per_merge_request),
    retain_approvals_on_push: not(changes.reset_approvals_on_push),
    selective_code_owner_removals: changes.selective_code_owner_removals,
    // The two names mirror each other; the current one wins when both are sent.
    require_reauthentication_to_approve:
      changes.require_reauthentication_to_approve ?? changes.require_password_to_approve,
  };
  for (const name of SETTING_NAMES) if (mapped[name] === undefined) delete mapped[name];
  return mapped;
}

/** Changes a project's approval configuration: the settings it shares, and the deprecated count. */
export function updateConfiguration(world: World, project: Project, changes: ProjectApprovalConfigurationUpdate): void {
  const count = changes.approvals_before_merge;
  if (count !== undefined && count < 0) {
    throw validationError({ approvals_before_merge: ['must be greater than or equal to 0'] });
  }
  updateProjectSettings(world, project, configurationToSettings(changes), 'approvals');
  if (count !== undefined) project.approvals_before_merge = count;
}

/** Whether values would be refused by the API: selective code-owner removal without approvals retained on push. */
export const settingsConflict = (values: SettingValues) =>
  values.selective_code_owner_removals && !values.retain_approvals_on_push;

/** A project's stored values from a seed's partial ones, over {@link PROJECT_DEFAULTS}. */
export function projectSettingsFromSeed(values: ApprovalSettingValues = {}): SettingValues {
  const out = { ...PROJECT_DEFAULTS };
  for (const name of SETTING_NAMES) out[name] = stored(values, name) ?? out[name];
  return out;
}
