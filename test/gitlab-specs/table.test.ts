import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/gitlab-specs.md lists every ported GitLab example with its result, read
 * from the test files here: a test is `passed`; one preceded by a
 * `// adapted: <why>` comment passes with an expectation the mock decides
 * otherwise; a `notPorted(name)` preceded by `// skip: <why>` is not run, for that reason.
 * A file's own `example(...)` helper counts as `it(...)`. Examples a helper file runs for several ported files
 * (`shared`, in that order) are read from it once for each, after the file's own.
 * Regenerate with `UPDATE_GITLAB_SPECS=1 npx vitest run test/gitlab-specs/table.test.ts`.
 */

/** The ported files, in the order the page lists them, and the GitLab spec each ports. */
const PORTS = [
  {
    file: 'project-milestones.test.ts',
    spec: '`spec/requests/api/project_milestones_spec.rb` and `spec/support/shared_examples/requests/api/milestones_shared_examples.rb`',
  },
  {
    file: 'resource-access-tokens.test.ts',
    spec: '`spec/requests/api/resource_access_tokens_spec.rb`',
    // GitLab runs its shared examples once per kind of resource; so does the port (`${source}` in the names).
    runs: [
      { source: 'project', skipped: undefined },
      { source: 'group', skipped: undefined },
    ],
  },
  { file: 'applications.test.ts', spec: '`spec/requests/api/applications_spec.rb`' },
  { file: 'merge-request-approvals.test.ts', spec: '`ee/spec/requests/api/merge_request_approvals_spec.rb`' },
  {
    file: 'projects-1.test.ts',
    spec: '`spec/requests/api/projects_spec.rb`, from `GET /projects` to `GET /project/:id/share_locations`',
  },
  { file: 'projects-2.test.ts', spec: '`spec/requests/api/projects_spec.rb`, from `GET /projects/:id` to the end' },
  { file: 'users-1.test.ts', spec: '`spec/requests/api/users_spec.rb`, from `GET /users` to `PUT /users/:id`' },
  { file: 'users-2.test.ts', spec: '`spec/requests/api/users_spec.rb`, from `PUT /user/:id` to the end' },
  { file: 'groups.test.ts', spec: '`spec/requests/api/groups_spec.rb`' },
  { file: 'namespaces.test.ts', spec: '`spec/requests/api/namespaces_spec.rb`' },
  {
    file: 'group-milestones.test.ts',
    spec: '`spec/requests/api/group_milestones_spec.rb` and the milestones shared examples it runs for a group',
  },
  { file: 'issues.test.ts', spec: '`spec/requests/api/issues/issues_spec.rb`' },
  { file: 'issues-project.test.ts', spec: '`spec/requests/api/issues/get_project_issues_spec.rb`' },
  { file: 'issues-put.test.ts', spec: '`spec/requests/api/issues/put_projects_issues_spec.rb`' },
  { file: 'issues-post.test.ts', spec: '`spec/requests/api/issues/post_projects_issues_spec.rb`' },
  { file: 'issues-group.test.ts', spec: '`spec/requests/api/issues/get_group_issues_spec.rb`' },
  {
    file: 'merge-requests.test.ts',
    spec: '`spec/requests/api/merge_requests_spec.rb` and the shared examples it runs from `spec/support/shared_examples/`',
    // 'merge requests list' (`mergeRequestsList`), for a project's list, a group's, and a group's with a subgroup's project.
    shared: [
      { file: 'merge-request-lists.ts', source: '/projects/:id/merge_requests' },
      { file: 'merge-request-lists.ts', source: '/groups/:id/merge_requests' },
      { file: 'merge-request-lists.ts', source: '/groups/:id/merge_requests', context: 'when have subgroups' },
    ],
  },
  {
    file: 'metadata.test.ts',
    spec: '`spec/requests/api/metadata_spec.rb`',
    // GitLab runs its shared examples for `/metadata` and for `/version`; `context` names the run.
    runs: [
      { source: 'metadata', skipped: undefined, context: 'GET /metadata' },
      { source: 'version', skipped: undefined, context: 'GET /version' },
    ],
  },
  { file: 'self-information.test.ts', spec: '`spec/requests/api/personal_access_tokens/self_information_spec.rb`' },
  { file: 'branches.test.ts', spec: '`spec/requests/api/branches_spec.rb`' },
  { file: 'protected-branches.test.ts', spec: '`spec/requests/api/protected_branches_spec.rb`' },
  {
    file: 'members.test.ts',
    spec: '`spec/requests/api/members_spec.rb` and `spec/support/shared_examples/requests/api/members_shared_examples.rb`',
  },
  {
    file: 'project-hooks.test.ts',
    spec: '`spec/requests/api/project_hooks_spec.rb` and `spec/support/shared_examples/requests/api/hooks_shared_examples.rb`',
    // The examples the hook files run (`webHookApiExamples`, `deliveryExamples`): `${source}` their routes' prefix, parent.
    shared: [
      { file: 'hook-api-examples.ts', source: '/projects/:id/hooks' },
      { file: 'hook-deliveries.ts', source: 'projects' },
    ],
  },
  {
    file: 'system-hooks.test.ts',
    spec: '`spec/requests/api/system_hooks_spec.rb` and `spec/support/shared_examples/requests/api/hooks_shared_examples.rb`',
    shared: [{ file: 'hook-api-examples.ts', source: '/hooks' }],
  },
  {
    file: 'group-hooks.test.ts',
    spec: '`ee/spec/requests/api/group_hooks_spec.rb` and `spec/support/shared_examples/requests/api/hooks_shared_examples.rb`',
    shared: [
      { file: 'hook-api-examples.ts', source: '/groups/:id/hooks' },
      { file: 'hook-deliveries.ts', source: 'groups', context: 'when group has a project' },
    ],
  },
  { file: 'events.test.ts', spec: '`spec/requests/api/events_spec.rb`' },
  {
    file: 'labels.test.ts',
    spec: '`spec/requests/api/labels_spec.rb` and `spec/support/shared_examples/requests/api/labels_api_shared_examples.rb`',
  },
] as const;

const PAGE = new URL('../../docs/gitlab-specs.md', import.meta.url);
const BEGIN = '<!-- examples: generated from test/gitlab-specs by test/gitlab-specs/table.test.ts -->';
const END = '<!-- end of examples -->';

interface Example {
  context: string;
  name: string;
  result: 'passed' | 'adapted' | 'skipped';
  why: string;
}

const TOKEN =
  /(?:\/\/ (skip|adapted): ([^\n]+)\n\s*)?\b(describe|notPortedGroup|notPorted|it|example)\(\s*(['"`])((?:\\.|(?!\4)[^\\])*)\4/g;

/** The examples of one ported file, in source order; throws on a skip without a reason or a reason without its kind of test. */
function examplesOf(source: string): Example[] {
  const examples: Example[] = [];
  let context = '';
  for (const [, kind, why, call, , raw] of source.matchAll(TOKEN)) {
    const name = (raw as string).replace(/\\(.)/g, '$1');
    if (call === 'describe' || call === 'notPortedGroup') {
      context = name;
      continue;
    }
    if (call === 'notPorted' && kind !== 'skip') throw new Error(`"${name}" is not ported without a "// skip:" reason`);
    if (call !== 'notPorted' && kind === 'skip') throw new Error(`"${name}" has a skip reason but runs`);
    examples.push({
      context,
      name,
      result: kind === 'skip' ? 'skipped' : kind === 'adapted' ? 'adapted' : 'passed',
      why: why ?? '',
    });
  }
  return examples;
}

/** How the shared examples name their kind of resource. */
const PLACEHOLDER = `$${'{source}'}`;

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The generated part of the page. */
function table(): string {
  const lines: string[] = [BEGIN, ''];
  const totals = { passed: 0, adapted: 0, skipped: 0 };
  for (const port of PORTS) {
    const { file, spec } = port;
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const examples =
      'runs' in port
        ? port.runs.flatMap((run) =>
            examplesOf(source.replaceAll(PLACEHOLDER, run.source)).map(
              (e): Example => ({
                ...e,
                context: `${'context' in run ? run.context : `when the resource is a ${run.source}`}: ${e.context}`,
                ...(run.skipped && e.result !== 'skipped' ? { result: 'skipped', why: run.skipped } : {}),
              }),
            ),
          )
        : examplesOf(source);
    for (const helper of 'shared' in port ? port.shared : []) {
      const prefix = 'context' in helper ? `${helper.context}: ` : '';
      const shared = readFileSync(new URL(helper.file, import.meta.url), 'utf8').replaceAll(PLACEHOLDER, helper.source);
      examples.push(...examplesOf(shared).map((e): Example => ({ ...e, context: `${prefix}${e.context}` })));
    }
    const count = (result: Example['result']) => examples.filter((e) => e.result === result).length;
    for (const result of ['passed', 'adapted', 'skipped'] as const) totals[result] += count(result);
    lines.push(
      `### ${spec}`,
      '',
      `Ported in \`test/gitlab-specs/${file}\`: ${count('passed')} passed, ${count('adapted')} adapted, ${count('skipped')} skipped, 0 failed.`,
      '',
      '| context | GitLab example | result | why |',
      '| --- | --- | --- | --- |',
      ...examples.map((e) => `| ${cell(e.context)} | ${cell(e.name)} | ${e.result} | ${cell(e.why)} |`),
      '',
    );
  }
  lines.push(
    `In all: ${totals.passed} passed, ${totals.adapted} adapted, ${totals.skipped} skipped, 0 failed.`,
    '',
    END,
  );
  return lines.join('\n');
}

describe('docs/gitlab-specs.md', () => {
  it('lists every ported example with the result its test has', () => {
    const page = readFileSync(PAGE, 'utf8');
    const start = page.indexOf(BEGIN);
    const end = page.indexOf(END);
    expect(start, 'the page has the generated block').toBeGreaterThanOrEqual(0);
    const generated = table();
    if (process.env.UPDATE_GITLAB_SPECS) {
      writeFileSync(PAGE, `${page.slice(0, start)}${generated}${page.slice(end + END.length)}`);
      return;
    }
    expect(page.slice(start, end + END.length)).toBe(generated);
  });

  it('reads a skip, an adaptation and a plain test from the source', () => {
    const source = [
      "describe('GET /x', () => {",
      '  // skip: needs y',
      "  notPorted('does y');",
      '  // adapted: z instead',
      '  it("does \'z\'", () => {});',
      "  it('does w', () => {});",
      '});',
    ].join('\n');
    expect(examplesOf(source)).toEqual([
      { context: 'GET /x', name: 'does y', result: 'skipped', why: 'needs y' },
      { context: 'GET /x', name: "does 'z'", result: 'adapted', why: 'z instead' },
      { context: 'GET /x', name: 'does w', result: 'passed', why: '' },
    ]);
    expect(() => examplesOf("notPorted('x');")).toThrow(/without/);
  });
});
