import type { MockGitLab } from '../mock/index.js';

/** A mock's world as plain data, every Map as its entries in order (Map order is list order), the base URL aside. */
export function worldTables(mock: MockGitLab): Record<string, unknown> {
  const { baseUrl: _baseUrl, ...world } = mock.world;
  return Object.fromEntries(
    Object.entries(world).map(([key, value]) => [key, value instanceof Map ? [...value.entries()] : value]),
  );
}
