/**
 * Milestone report: every active milestone of a project, with its progress and
 * its burndown chart.
 *
 * Against the bundled mock (the demo world), with nothing to set up:
 *   npm run demo
 * Against a real GitLab:
 *   GITLAB_URL=https://gitlab.example.com GITLAB_TOKEN=glpat-... GITLAB_PROJECT=group/project npm run demo
 */
import { type BurndownEvent, GitLab, MethodNotAllowedError, type Milestone } from 'gitlab-admin-sdk';
import { createMockGitLab, demoSeed } from 'gitlab-admin-sdk/mock';

function connect(): { gitlab: GitLab; project: string; where: string; today: string } {
  const { GITLAB_URL, GITLAB_TOKEN, GITLAB_PROJECT } = process.env;
  if (GITLAB_URL) {
    if (!GITLAB_TOKEN || !GITLAB_PROJECT) throw new Error('Set GITLAB_TOKEN and GITLAB_PROJECT along with GITLAB_URL.');
    const gitlab = new GitLab({ baseUrl: GITLAB_URL, token: GITLAB_TOKEN });
    return { gitlab, project: GITLAB_PROJECT, where: GITLAB_URL, today: new Date().toISOString().slice(0, 10) };
  }
  const mock = createMockGitLab({ seed: demoSeed });
  const token = mock.users.maria?.token;
  const gitlab = new GitLab({ baseUrl: mock.baseUrl, token, fetch: mock.fetch });
  return {
    gitlab,
    project: 'acme/platform/api',
    where: 'the bundled mock (demo world; set GITLAB_URL to use a real GitLab)',
    // The demo world has its own clock.
    today: mock.clock.now().toISOString().slice(0, 10),
  };
}

const bar = (done: number, total: number, width = 24) => {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
};

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

async function report(gitlab: GitLab, project: string, milestone: Milestone, today: string): Promise<void> {
  const issues = await gitlab.projects.milestones.issues(project, milestone.id).toArray();
  const closed = issues.filter((issue) => issue.state === 'closed');
  const weight = (list: typeof issues) => list.reduce((sum, issue) => sum + (issue.weight ?? 1), 0);
  const dates = `${milestone.start_date ?? '…'} → ${milestone.due_date ?? '…'}${milestone.expired ? '  (expired)' : ''}`;
  console.log(`\n${milestone.title}  ${dates}`);
  console.log(`  issues  ${bar(closed.length, issues.length)}  ${closed.length}/${issues.length} closed`);
  console.log(`  weight  ${bar(weight(closed), weight(issues))}  ${weight(closed)}/${weight(issues)} done`);

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

const { gitlab, project, where, today } = connect();
console.log(`Milestone report for ${project} on ${where}`);
const milestones = await gitlab.projects.milestones.list(project, { state: 'active' }).toArray();
if (milestones.length === 0) console.log('No active milestones.');
for (const milestone of milestones) await report(gitlab, project, milestone, today);
