import { resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

/** The six areas' entry points (`gitlab-admin-sdk/milestones`...): the declarations of each hold only its own models. */
const areas = ['milestones', 'applications', 'access-tokens', 'scim', 'approvals'];
/** `gitlab-admin-sdk/oauth`: the OAuth helpers, without ky or any area. */
const sdkEntries = Object.fromEntries([
  ['index', 'src/index.ts'],
  ...[...areas, 'oauth'].map((entry) => [entry, `src/${entry}.ts`]),
]);

/** Two builds of one module, chosen by package.json's `#compile-schema` import: zod's compiler in Node, none in browsers. */
const compileSchemaByPlatform: Plugin = {
  name: 'compile-schema-by-platform',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/compile-schema\.js$/ }, () => ({ path: '#compile-schema', external: true }));
  },
};

/**
 * The SDK's code is one module, dist/index.js, and each area's entry point re-exports its names from it
 * (issue 41). Node loads files one by one, so the root's eleven chunks cost a cold start about 4 ms more than
 * the same code in one file; an area now loads the whole module (about 1 ms more than its own chunks), and
 * there is one copy of every class whichever entry point a program imports. Bundlers keep only what an app
 * uses (`sideEffects: false`, pure top-level statements): `test/bundle-size.test.ts` holds that.
 *
 * An area's names are what its source exports at run time (a bundle of it, read from esbuild's metafile).
 */
const areaFiles = new Set(areas.map((area) => resolve(`src/${area}.ts`)));
const areasFromTheRoot: Plugin = {
  name: 'areas-from-the-root',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/index\.js$/ }, ({ importer }) =>
      areaFiles.has(importer) ? { path: './index.js', external: true } : undefined,
    );
    pluginBuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (!areaFiles.has(path)) return undefined;
      const { metafile } = await build({
        entryPoints: [path],
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        outdir: 'dist',
        packages: 'external',
        plugins: [compileSchemaByPlatform],
        logLevel: 'silent',
      });
      const names = Object.values(metafile.outputs).flatMap((output) => output.exports);
      return { contents: `export { ${names.join(', ')} } from './index.js';\n`, loader: 'js' };
    });
  },
};

const shared = {
  format: ['esm'],
  target: 'node22',
  platform: 'neutral',
  sourcemap: true,
  splitting: true,
  treeshake: true,
  // ky and zod inside dist/: loaded from node_modules, ky's 30 modules and zod/mini's 92 (64 of them locales,
  // which tree-shaking drops) cost a cold start one file read and parse each: zod/mini alone took 48 ms, as
  // much as @gitbeaker/rest's whole import. zod stays a dependency, pinned: the declarations name its types,
  // and an app's own zod composes with the exported schemas (zod keeps its config on globalThis).
  noExternal: ['ky', 'zod'],
} satisfies Options;

// ESM only: ky and msw are ESM-only, and Node >= 22.12 can require() an ES module.
export default defineConfig([
  {
    ...shared,
    entry: {
      ...sdkEntries,
      'compile-schema': 'src/core/compile-schema.ts',
      'compile-schema.browser': 'src/core/compile-schema.browser.ts',
    },
    // Every declaration file in one pass, the mock's too: one declaration of each model.
    dts: { entry: { ...sdkEntries, 'mock/index': 'mock/index.ts', 'mock/node': 'mock/node/index.ts' } },
    // dist/mock/ is the other build's.
    clean: ['!mock/**'],
    esbuildPlugins: [compileSchemaByPlatform, areasFromTheRoot],
  },
  {
    // The mock, built on its own so that what it shares with the SDK (the status texts) does not split the
    // SDK's module into chunks.
    ...shared,
    outDir: 'dist/mock',
    entry: { index: 'mock/index.ts', node: 'mock/node/index.ts', cli: 'mock/node/cli.ts' },
    // Its declaration files are the other build's.
    clean: ['!**/*.d.ts'],
  },
]);
