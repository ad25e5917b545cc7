import { describe, expect, it } from 'vitest';
import { PagePromise } from '../../src/index.js';
import { BASE, json, milestone, paginated, setup } from './helpers.js';

const milestones = Array.from({ length: 5 }, (_, i) => milestone(i + 1));

describe('pagination', () => {
  it('resolves to the first page with its headers parsed', async () => {
    const { gitlab } = setup(paginated(milestones));
    const page = await gitlab.projects.milestones.list('acme/api', { per_page: 2 });
    expect(page.items.map((m) => m.id)).toEqual([1, 2]);
    expect(page).toMatchObject({ page: 1, perPage: 2, total: 5, totalPages: 3, nextPage: 2, prevPage: undefined });
  });

  it("honours the caller's page and per_page, and keeps the filters", async () => {
    const { gitlab, requests } = setup(paginated(milestones));
    const page = await gitlab.projects.milestones.list(1, { page: 2, per_page: 2, state: 'active' });
    expect(page.items.map((m) => m.id)).toEqual([3, 4]);
    expect(page).toMatchObject({ page: 2, nextPage: 3, prevPage: 1 });
    expect(requests[0]?.url.search).toBe('?page=2&per_page=2&state=active');
  });

  it('leaves total and totalPages undefined when GitLab omits them', async () => {
    const { gitlab } = setup(paginated(milestones, { omitTotals: true }));
    const page = await gitlab.projects.milestones.list(1, { per_page: 2 });
    expect(page.total).toBeUndefined();
    expect(page.totalPages).toBeUndefined();
    expect(page.nextPage).toBe(2);
  });

  it('fetches nothing until used, and the first page once however often it is awaited', async () => {
    const { gitlab, requests } = setup(paginated(milestones));
    const list = gitlab.projects.milestones.list(1);
    expect(list).toBeInstanceOf(PagePromise);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(requests.length).toBe(0);
    const first = await list;
    const again = await list;
    expect(again).toBe(first);
    expect(requests.length).toBe(1);
  });

  it('iterates every item across pages, fetching each page only when needed', async () => {
    const { gitlab, requests } = setup(paginated(milestones));
    const seen: Array<[number, number]> = [];
    for await (const m of gitlab.projects.milestones.list(1, { per_page: 2, state: 'active' })) {
      seen.push([m.id, requests.length]);
    }
    expect(seen).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 3],
    ]);
    expect(requests.map((r) => r.url.searchParams.get('page'))).toEqual([null, '2', '3']);
    expect(requests.every((r) => r.url.searchParams.get('state') === 'active')).toBe(true);
    expect(requests.every((r) => r.url.searchParams.get('per_page') === '2')).toBe(true);
  });

  it('stops fetching when the loop stops', async () => {
    const { gitlab, requests } = setup(paginated(milestones));
    for await (const m of gitlab.projects.milestones.list(1, { per_page: 2 })) {
      if (m.id === 2) break;
    }
    expect(requests.length).toBe(1);
  });

  it('toArray collects every page, or stops once it has `limit` items', async () => {
    const all = setup(paginated(milestones));
    expect((await all.gitlab.projects.milestones.list(1, { per_page: 2 }).toArray()).length).toBe(5);
    expect(all.requests.length).toBe(3);

    const some = setup(paginated(milestones));
    const three = await some.gitlab.projects.milestones.list(1, { per_page: 2 }).toArray({ limit: 3 });
    expect(three.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(some.requests.length).toBe(2);
  });

  it('reuses the first page already awaited when iterating', async () => {
    const { gitlab, requests } = setup(paginated(milestones));
    const list = gitlab.projects.milestones.list(1, { per_page: 2 });
    await list;
    expect((await list.toArray()).length).toBe(5);
    expect(requests.length).toBe(3);
  });

  it('ends at an empty X-Next-Page', async () => {
    const { gitlab, requests } = setup(() =>
      json([milestone(1)], { headers: { 'x-page': '1', 'x-per-page': '20', 'x-next-page': '', 'x-prev-page': '' } }),
    );
    expect((await gitlab.projects.milestones.list(1).toArray()).length).toBe(1);
    expect(requests.length).toBe(1);
  });

  it('pages() yields whole pages', async () => {
    const { gitlab } = setup(paginated(milestones));
    const pages = [];
    for await (const page of gitlab.projects.milestones.list(1, { per_page: 2 }).pages()) pages.push(page);
    expect(pages.map((p) => [p.page, p.items.length, p.nextPage])).toEqual([
      [1, 2, 2],
      [2, 2, 3],
      [3, 1, undefined],
    ]);
  });

  it('never walks backwards on a bad X-Next-Page', async () => {
    const { gitlab, requests } = setup(() => json([milestone(1)], { headers: { 'x-page': '2', 'x-next-page': '1' } }));
    expect((await gitlab.projects.milestones.list(1).toArray()).length).toBe(1);
    expect(requests.length).toBe(1);
  });

  it('follows a keyset Link (no X-Next-Page) with the cursor it names, keeping the query', async () => {
    const { gitlab, requests } = setup((request) => {
      const after = Number(new URL(request.url).searchParams.get('id_after') ?? 0);
      const items = milestones.filter((m) => m.id > after).slice(0, 2);
      const last = items.at(-1)?.id;
      const more = last !== undefined && last < milestones.length;
      const next = `${BASE}/api/v4/projects/1/milestones?state=active&per_page=2&id_after=${last}`;
      return json(items, { headers: more ? { link: `<${next}>; rel="next"` } : {} });
    });
    const list = gitlab.projects.milestones.list(1, { state: 'active', per_page: 2 });
    expect((await list.toArray()).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(requests.map((r) => r.url.searchParams.get('id_after'))).toEqual([null, '2', '4']);
    expect(requests.every((r) => r.url.searchParams.get('state') === 'active')).toBe(true);
    expect((await list).nextCursor).toEqual({ id_after: '2' });
  });

  it('stops when a keyset Link names a cursor it already followed', async () => {
    const next = `${BASE}/api/v4/projects/1/milestones?id_after=1`;
    const { gitlab, requests } = setup(() => json([milestone(1)], { headers: { link: `<${next}>; rel="next"` } }));
    expect((await gitlab.projects.milestones.list(1).toArray()).length).toBe(2);
    expect(requests.length).toBe(2);
  });

  it('paginates issues and merge requests of a milestone', async () => {
    const user = { id: 1, username: 'dev', name: 'Dev', state: 'active', avatar_url: null, web_url: 'https://x/dev' };
    const base = {
      id: 10,
      iid: 1,
      project_id: 1,
      title: 'Login fails',
      description: null,
      created_at: '2026-05-02T10:00:00Z',
      updated_at: '2026-05-02T10:00:00Z',
      author: user,
      assignees: [],
      milestone: milestone(1),
      labels: [],
      web_url: 'https://x/1',
    };
    const issue = {
      ...base,
      state: 'opened',
      closed_at: null,
      closed_by: null,
      assignee: null,
      confidential: false,
      due_date: null,
    };
    const mr = {
      ...base,
      state: 'merged',
      target_branch: 'main',
      source_branch: 'login',
      reviewers: [],
      draft: false,
      merge_status: 'can_be_merged',
      sha: null,
      reference: '!1',
    };
    const issues = setup(paginated([issue]));
    const [first] = await issues.gitlab.projects.milestones.issues('acme/api', 1, { per_page: 50 }).toArray();
    expect(first?.title).toBe('Login fails');
    expect(issues.requests[0]?.url.pathname).toBe('/api/v4/projects/acme%2Fapi/milestones/1/issues');
    expect(issues.requests[0]?.url.searchParams.get('per_page')).toBe('50');

    const mrs = setup(paginated([mr]));
    const page = await mrs.gitlab.projects.milestones.mergeRequests('acme/api', 1);
    expect(page.items[0]?.reference).toBe('!1');
    expect(mrs.requests[0]?.url.pathname).toBe('/api/v4/projects/acme%2Fapi/milestones/1/merge_requests');
  });
});
