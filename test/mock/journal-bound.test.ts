import { describe, expect, it } from 'vitest';
import { createMockGitLab, demoSeed } from '../../mock/index.js';

describe('the request journal bound', () => {
  it('keeps the newest entries, oldest first, once it has dropped some', async () => {
    const mock = createMockGitLab({ seed: demoSeed, journal: 3 });
    const headers = { 'PRIVATE-TOKEN': 'glpat-maria-000000000000000' };
    for (let page = 1; page <= 7; page++) {
      await mock.fetch(`${mock.baseUrl}/api/v4/projects/acme%2Fplatform%2Fapi/milestones?page=${page}`, { headers });
    }
    expect(mock.requests.list().map((entry) => entry.query)).toEqual([{ page: '5' }, { page: '6' }, { page: '7' }]);
    mock.requests.clear();
    await mock.fetch(`${mock.baseUrl}/api/v4/projects/acme%2Fplatform%2Fapi/milestones?page=8`, { headers });
    expect(mock.requests.list().map((entry) => entry.query)).toEqual([{ page: '8' }]);
  });
});
