import { defineConfig } from 'tsup';

/** Each area is an entry of its own, so an app that imports one area bundles only that area's models. */
const areas = ['milestones', 'applications', 'access-tokens', 'scim', 'approvals'];
/** `gitlab-admin-sdk/oauth`: the OAuth helpers, without ky or any area. */
const sdkEntries = Object.fromEntries([
  ['index', 'src/index.ts'],
  ...[...areas, 'oauth'].map((entry) => [entry, `src/${entry}.ts`]),
]);
/**
 * Built as an entry but not exported: the API around the six areas, so its code lands in a chunk of
 * its own that the root re-exports (an app importing one area from the root then bundles none of it).
 */
const chunkEntries = { around: 'src/around.ts' };

// ESM only: ky and msw are ESM-only, and Node >= 22.12 can require() an ES module.
export default defineConfig({
  entry: {
    ...sdkEntries,
    ...chunkEntries,
    // Two builds of one module, chosen by package.json's `#compile-schema` import: zod's compiler in Node, none in browsers.
    'compile-schema': 'src/core/compile-schema.ts',
    'compile-schema.browser': 'src/core/compile-schema.browser.ts',
    'mock/index': 'mock/index.ts',
    'mock/node': 'mock/node/index.ts',
    'mock/cli': 'mock/node/cli.ts',
  },
  format: ['esm'],
  target: 'node22',
  platform: 'neutral',
  dts: { entry: { ...sdkEntries, 'mock/index': 'mock/index.ts', 'mock/node': 'mock/node/index.ts' } },
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  // ky in the SDK's own chunk: its 30 modules cost a cold start one file read and parse each.
  noExternal: ['ky'],
  esbuildPlugins: [
    {
      name: 'compile-schema-by-platform',
      setup(build) {
        build.onResolve({ filter: /^\.\/compile-schema\.js$/ }, () => ({ path: '#compile-schema', external: true }));
      },
    },
  ],
});
