import { describe, expect, it } from 'vitest';

describe('toolchain', () => {
  // npm scripts must run on the Node 24 of the `node` devDependency; if its install
  // script was skipped, node_modules/.bin/node dangles and scripts silently fall back
  // to the system Node (where msw's interception does not work).
  it('runs the tests on Node 24', () => {
    expect(process.version).toMatch(/^v24\./);
  });
});
