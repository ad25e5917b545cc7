/**
 * Milestone report: every active milestone of a project, with its progress and
 * its burndown chart. Read-only.
 *
 * Against the bundled mock (the demo world), with nothing to set up:
 *   npm run demo        (or: npx tsx examples/milestone-report.ts)
 * Against a real GitLab (any role that can read the project):
 *   GITLAB_URL=https://gitlab.example.com GITLAB_TOKEN=glpat-... GITLAB_PROJECT=group/project npx tsx examples/milestone-report.ts
 */
import {
  type BurndownEvent,
  GitLab,
  MethodNotAllowedError,
  type Milestone,
  type MilestoneIssue,
} from 'gitlab-admin-sdk';
import { createMockGitLab, demoSeed } from 'gitlab-admin-sdk/mock';
import { bar, missing, serverToday, table } from './support/terminal.js';

async function connect(): Promise<{ gitlab: GitLab; project: string; where: string; today: string }> {
  const { GITLAB_URL, GITLAB_TOKEN, GITLAB_PROJECT } = process.env;
  if (GITLAB_URL) {
    if (!GITLAB_TOKEN) missing('GITLAB_TOKEN', 'the report needs a token that can read the project');
    if (!GITLAB_PROJECT) missing('GITLAB_PROJECT', 'name the project whose milestones to report on');
    const gitlab = new GitLab({ baseUrl: GITLAB_URL, token: GITLAB_TOKEN });
    // "Today" is the server's (its `Date` header): the mock's server answers with its world clock.
    return { gitlab, project: GITLAB_PROJECT, where: GITLAB_URL, today: await serverToday(GITLAB_URL) };
  }
  const mock = createMockGitLab({ seed: demoSeed });
  const token = mock.users.maria?.token;
  const gitlab = new GitLab({ baseUrl: mock.baseUrl, token, fetch: mock.fetch });
  return {
    gitlab,
    project: 'acme/platform/api',
    where: 'the bundled mock (demo world; set GITLAB_URL to use a real GitLab)',
    // The demo world has its own clock, which its answers' `Date` header carries.
    today: await serverToday(mock.baseUrl, mock.fetch),
  };
}

/** Open weight at the end of each day from `start` to `end`, from the burndown events. */
function burndown(events: BurndownEvent[], start: string, end: string): { day: string; open: number }[] {
  const sorted = [...events].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const days: { day: string; open: number }[] = [];
  let open = 0;
  let next = 0;
  for (
    let day = new Date(`${start}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= end;
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    const date = day.toISOString().slice(0, 10);
    for (; next < sorted.length && (sorted[next] as BurndownEvent).created_at.slice(0, 10) <= date; next++) {
      const event = sorted[next] as BurndownEvent;
      const weight = event.weight ?? 1;
      open += event.action === 'closed' ? -weight : weight;
    }
    days.push({ day: date, open });
  }
  return days;
}

/** A milestone with its issues, as the report shows it. */
interface Progress {
  milestone: Milestone;
  issues: MilestoneIssue[];
  closed: MilestoneIssue[];
}

const weight = (issues: MilestoneIssue[]) => issues.reduce((sum, issue) => sum + (issue.weight ?? 1), 0);
const dates = (milestone: Milestone) =>
  milestone.start_date || milestone.due_date
    ? `${milestone.start_date ?? '…'} → ${milestone.due_date ?? '…'}`
    : 'no dates';
const percent = (done: number, total: number) => (total === 0 ? '–' : `${Math.round((done / total) * 100)}%`);

async function progress(gitlab: GitLab, project: string, milestone: Milestone): Promise<Progress> {
  const issues = await gitlab.projects.milestones.issues(project, milestone.id).toArray();
  return { milestone, issues, closed: issues.filter((issue) => issue.state === 'closed') };
}

/** One milestone in detail: its bars and its burndown chart. */
async function report(gitlab: GitLab, project: string, { milestone, issues, closed }: Progress, today: string) {
  console.log(`\n${milestone.title}  ${dates(milestone)}${milestone.expired ? '  (expired)' : ''}`);
  console.log(`  issues  ${bar(closed.length, issues.length, 24)}  ${closed.length}/${issues.length} closed`);
  console.log(`  weight  ${bar(weight(closed), weight(issues), 24)}  ${weight(closed)}/${weight(issues)} done`);

  if (!milestone.start_date || !milestone.due_date) {
    console.log('  burndown: needs a start and a due date');
    return;
  }
  let events: BurndownEvent[];
  try {
    events = await gitlab.projects.milestones.burndownEvents(project, milestone.id);
  } catch (error) {
    if (error instanceof MethodNotAllowedError) {
      console.log('  burndown: not available on this plan (Premium or Ultimate)');
      return;
    }
    throw error;
  }
  const end = milestone.due_date < today ? milestone.due_date : today;
  const series = burndown(events, milestone.start_date, end);
  const peak = Math.max(1, ...series.map((point) => point.open));
  const step = Math.max(1, Math.ceil(series.length / 12));
  console.log('  burndown (open weight at the end of the day)');
  series.forEach((point, i) => {
    if (i % step === 0 || i === series.length - 1) {
      console.log(`    ${point.day}  ${'▇'.repeat(Math.round((point.open / peak) * 30)).padEnd(30)} ${point.open}`);
    }
  });
}

const { gitlab, project, where, today } = await connect();
console.log(`Milestone report for ${project} on ${where}`);
const milestones = await gitlab.projects.milestones.list(project, { state: 'active' }).toArray();
if (milestones.length === 0) console.log('No active milestones.');
const all: Progress[] = [];
for (const milestone of milestones) all.push(await progress(gitlab, project, milestone));

if (all.length > 0) {
  console.log('');
  console.log(
    table([
      ['milestone', 'dates', 'issues closed', 'weight done', 'progress', 'note'],
      ...all.map(({ milestone, issues, closed }) => [
        milestone.title,
        dates(milestone),
        `${closed.length}/${issues.length}`,
        `${weight(closed)}/${weight(issues)}`,
        `${bar(weight(closed), weight(issues), 12)} ${percent(weight(closed), weight(issues))}`,
        milestone.expired ? 'expired' : '',
      ]),
    ]),
  );
}
for (const entry of all) await report(gitlab, project, entry, today);
