/**
 * Approval audit: every project of a group whose approval rules or settings fall
 * below a policy: fewer than 2 approvals required on the default branch, authors
 * or committers allowed to approve, approvals kept on push, or approval rules
 * editable in merge requests. Read-only.
 *
 * Against the bundled mock (the demo world), with nothing to set up:
 *   npm run demo        (or: npx tsx examples/approval-audit.ts)
 * Against a real GitLab (a token that is Maintainer of every project of the group):
 *   GITLAB_URL=https://gitlab.example.com GITLAB_TOKEN=glpat-... GITLAB_GROUP=group npx tsx examples/approval-audit.ts
 */
import {
  ForbiddenError,
  GitLab,
  type GroupApprovalRule,
  NotFoundError,
  type ProjectApprovalRule,
} from 'gitlab-admin-sdk';
import { createMockGitLab, demoSeed } from 'gitlab-admin-sdk/mock';
import { missing, table } from './support/terminal.js';

/** The policy every project must meet. */
const POLICY = { minApprovals: 2, branch: 'main' };

interface Target {
  gitlab: GitLab;
  group: string;
  where: string;
  /** Full paths of the group's projects, subgroups included. */
  projects: () => Promise<string[]>;
}

function connect(): Target {
  const { GITLAB_URL, GITLAB_TOKEN, GITLAB_GROUP } = process.env;
  if (GITLAB_URL) {
    if (!GITLAB_TOKEN) missing('GITLAB_TOKEN', 'the audit needs a token that is Maintainer of the projects');
    if (!GITLAB_GROUP) missing('GITLAB_GROUP', 'name the group whose projects to audit');
    const gitlab = new GitLab({ baseUrl: GITLAB_URL, token: GITLAB_TOKEN });
    return { gitlab, group: GITLAB_GROUP, where: GITLAB_URL, projects: () => groupProjects(GITLAB_GROUP) };
  }
  const mock = createMockGitLab({ seed: demoSeed });
  const gitlab = new GitLab({ baseUrl: mock.baseUrl, token: mock.users.maria?.token, fetch: mock.fetch });
  const group = 'acme';
  // The SDK does not cover listing a group's projects; the mock's world knows them.
  const projects = async () =>
    [...mock.world.projects.values()]
      .map((project) => project.path_with_namespace)
      .filter((path) => path.startsWith(`${group}/`))
      .sort();
  return { gitlab, group, where: 'the bundled mock (demo world; set GITLAB_URL to use a real GitLab)', projects };
}

/** A real GitLab's projects of a group, subgroups included (an endpoint outside the SDK's areas: plain fetch). */
async function groupProjects(group: string): Promise<string[]> {
  const paths: string[] = [];
  for (let page: string | null = '1'; page; ) {
    const url = new URL(`/api/v4/groups/${encodeURIComponent(group)}/projects`, process.env.GITLAB_URL);
    url.search = new URLSearchParams({ include_subgroups: 'true', per_page: '100', page }).toString();
    const response = await fetch(url, { headers: { 'PRIVATE-TOKEN': process.env.GITLAB_TOKEN ?? '' } });
    if (!response.ok) throw new Error(`Listing the projects of ${group} failed: ${response.status}`);
    for (const project of (await response.json()) as { path_with_namespace: string }[]) {
      paths.push(project.path_with_namespace);
    }
    page = response.headers.get('x-next-page') || null;
  }
  return paths.sort();
}

type Rule = ProjectApprovalRule | GroupApprovalRule;

/**
 * Whether a rule covers the policy's branch: a rule for no branch covers every
 * branch, one for all protected branches covers it (assumed protected), others
 * only when they list it.
 */
const covers = (rule: Rule, branch: string) =>
  rule.applies_to_all_protected_branches ||
  (rule.protected_branches ?? []).length === 0 ||
  (rule.protected_branches ?? []).some((b) => b.name === branch);

/** Approvals a merge request into `branch` needs: the larger of the other rules' sum and the any-approver rule. */
function approvalsRequired(rules: Rule[], branch: string): number {
  const applying = rules.filter((rule) => covers(rule, branch));
  const sum = (list: Rule[]) => list.reduce((total, rule) => total + rule.approvals_required, 0);
  const anyApprover = applying.filter((rule) => rule.rule_type === 'any_approver');
  return Math.max(sum(applying.filter((rule) => rule.rule_type !== 'any_approver')), sum(anyApprover));
}

const describeRule = (rule: Rule) => {
  const who = [...rule.users.map((u) => u.username), ...rule.groups.map((g) => `@${g.full_path}`)];
  const scope = rule.applies_to_all_protected_branches
    ? 'protected branches'
    : (rule.protected_branches ?? []).map((b) => b.name).join(', ') || 'all branches';
  return `${rule.name}: ${rule.approvals_required} (${rule.rule_type === 'any_approver' ? 'anyone' : who.join(', ') || 'nobody'}; ${scope})`;
};

/** The group's own rules, when the instance has group approval rules (an experiment behind a flag). */
async function groupRules(gitlab: GitLab, group: string): Promise<GroupApprovalRule[]> {
  try {
    return await gitlab.groups.approvalRules.list(group).toArray();
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ForbiddenError) return [];
    throw error;
  }
}

/** What one project has, and what of it falls below the policy. */
interface Finding {
  project: string;
  rules: ProjectApprovalRule[];
  required: number;
  checks: { approvals: boolean; authors: boolean; committers: boolean; onPush: boolean; inRequests: boolean };
  problems: string[];
}

/** Audits one project; `undefined` when approvals are not available to it (Free plan). */
async function audit(gitlab: GitLab, project: string, inherited: Rule[]): Promise<Finding | undefined> {
  let rules: ProjectApprovalRule[];
  try {
    rules = await gitlab.projects.approvalRules.list(project).toArray();
  } catch (error) {
    if (error instanceof ForbiddenError) return undefined;
    throw error;
  }
  const settings = await gitlab.projects.approvalSettings.get(project);
  const required = approvalsRequired([...rules, ...inherited], POLICY.branch);
  const checks = {
    approvals: required >= POLICY.minApprovals,
    authors: !settings.allow_author_approval.value,
    committers: !settings.allow_committer_approval.value,
    onPush: !settings.retain_approvals_on_push.value,
    inRequests: !settings.allow_overrides_to_approver_list_per_merge_request.value,
  };
  const problems = [
    checks.approvals
      ? ''
      : `${required} approval(s) required on ${POLICY.branch} (policy: at least ${POLICY.minApprovals})`,
    checks.authors ? '' : 'authors may approve their own merge requests',
    checks.committers ? '' : 'committers may approve',
    checks.onPush ? '' : 'approvals are kept when new commits are pushed',
    checks.inRequests ? '' : 'approval rules can be edited in merge requests',
  ].filter(Boolean);
  return { project, rules, required, checks, problems };
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

const { gitlab, group, where, projects } = connect();
console.log(`Approval audit of ${group} on ${where}`);
console.log(
  `Policy: at least ${POLICY.minApprovals} approvals on ${POLICY.branch}; authors and committers may not approve; ` +
    'approvals reset on push; rules cannot be edited in merge requests.',
);
const inherited = await groupRules(gitlab, group);
if (inherited.length > 0) {
  console.log(`\nGroup rules of ${group} (they apply to every project's protected branches)`);
  for (const rule of inherited) console.log(`  ${describeRule(rule)}`);
}

const findings: Finding[] = [];
const unavailable: string[] = [];
for (const project of await projects()) {
  const finding = await audit(gitlab, project, inherited);
  if (finding) findings.push(finding);
  else unavailable.push(project);
}

console.log('');
console.log(
  table([
    ['project', `approvals on ${POLICY.branch}`, 'authors', 'committers', 'on push', 'rules in MRs', 'result'],
    ...findings.map(({ project, required, checks, problems }) => [
      project,
      `${mark(checks.approvals)} ${required}`,
      mark(checks.authors),
      mark(checks.committers),
      mark(checks.onPush),
      mark(checks.inRequests),
      problems.length === 0 ? 'meets the policy' : `${problems.length} problem(s)`,
    ]),
    ...unavailable.map((project) => [project, '–', '–', '–', '–', '–', 'approvals need Premium or Ultimate']),
  ]),
);

for (const { project, rules, problems } of findings) {
  console.log(`\n${project}`);
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  for (const rule of rules) console.log(`  rule ${describeRule(rule)}`);
}
const failing = findings.filter((finding) => finding.problems.length > 0).length;
console.log(`\n${failing} of ${findings.length} project(s) below the policy.`);
