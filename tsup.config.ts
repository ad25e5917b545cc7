import { defineConfig } from 'tsup';

// ESM only: ky and msw are ESM-only, and Node >= 22.12 can require() an ES module.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'mock/index': 'mock/index.ts',
    'mock/node': 'mock/node/index.ts',
    'mock/cli': 'mock/node/cli.ts',
  },
  format: ['esm'],
  target: 'node22',
  platform: 'neutral',
  dts: { entry: { index: 'src/index.ts', 'mock/index': 'mock/index.ts', 'mock/node': 'mock/node/index.ts' } },
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
});
