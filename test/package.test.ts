import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The package's import graph: what each entry point pulls in.
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** What `entry` loads: every bare module specifier and every local file reachable through relative imports. */
function importGraph(entry: string): { external: Set<string>; local: Set<string> } {
  const local = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (local.has(file)) return;
    local.add(file);
    // Comments (doc examples) and type-only imports load nothing at run time.
    const source = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const pattern =
      /(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'|import\s+'([^']+)'|(?<!typeof\s)import\(\s*'([^']+)'\s*\)/g;
    for (const [, from, bare, dynamic] of source.matchAll(pattern)) {
      const specifier = from ?? bare ?? dynamic;
      if (!specifier) continue;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else external.add(specifier);
    }
  };
  visit(resolve(ROOT, entry));
  return { external, local };
}

const externalImports = (entry: string) => importGraph(entry).external;

const packageJson = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
  imports: Record<string, Record<string, string>>;
};
/** The SDK's areas, each an entry point of its own (`gitlab-admin-sdk/milestones`...). */
const AREAS = ['milestones', 'applications', 'access-tokens', 'scim', 'approvals'];

describe('entry points', () => {
  it('keeps the SDK to ky and zod', () => {
    expect([...externalImports('src/index.ts')].sort()).toEqual(['ky', 'zod/mini']);
  });

  it('installs what it loads: each module the SDK imports is a dependency or bundled, with its license', async () => {
    // ky and zod are bundled into dist/ (tsup's noExternal: their files cost a cold start more than their code).
    const { default: builds } = (await import('../tsup.config.js')) as { default: { noExternal: string[] }[] };
    const [config] = builds;
    if (!config) throw new Error('tsup.config.ts builds nothing');
    const { dependencies, devDependencies } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const entries = ['index', 'oauth', ...AREAS].map((entry) => `src/${entry}.ts`);
    const loaded = new Set(
      entries.flatMap((entry) => [...externalImports(entry)].map((name) => name.split('/')[0] ?? name)),
    );
    for (const name of loaded) expect(name in dependencies || config.noExternal.includes(name), name).toBe(true);
    for (const each of builds) expect(each.noExternal).toEqual(['ky', 'zod']);
    const license = readFileSync(resolve(ROOT, 'LICENSE'), 'utf8');
    for (const name of config.noExternal) {
      const text = readFileSync(resolve(ROOT, 'node_modules', name, name === 'ky' ? 'license' : 'LICENSE'), 'utf8');
      expect(license).toContain(text.trim());
    }
    // ky's types appear in no declaration: a build-time dependency only.
    expect('ky' in dependencies).toBe(false);
    expect(devDependencies.ky).toBeDefined();
    // The declarations name zod's types, so an app installs zod: the exact version whose code dist/ holds.
    expect(dependencies.zod).toMatch(/^\d+\.\d+\.\d+$/);
  });

  // In dist/, an area's entry point re-exports its names from the SDK's one module (tsup.config.ts): its
  // declarations hold only what its sources reach, and a bundler keeps only that (test/bundle-size.test.ts).
  it("gives each area an entry point whose sources reach no other area's models", () => {
    for (const area of AREAS) {
      const { external, local } = importGraph(`src/${area}.ts`);
      expect([...external].sort(), area).toEqual(['ky', 'zod/mini']);
      const models = [...local].filter((file) => file.includes('/src/models/') && !file.endsWith('/common.ts'));
      const ownModels = area === 'approvals' ? ['approval-settings', 'approvals'] : [area];
      expect(models.map((file) => file.replace(/.*\/src\/models\/(.*)\.ts$/, '$1')).sort(), area).toEqual(ownModels);
      expect(packageJson.exports[`./${area}`], area).toEqual({
        types: `./dist/${area}.d.ts`,
        default: `./dist/${area}.js`,
      });
    }
  });

  it('exports the same classes and schemas from an area as from the root', async () => {
    const root: Record<string, unknown> = await import('../src/index.js');
    for (const area of AREAS) {
      const exported: Record<string, unknown> = await import(`../src/${area}.ts`);
      expect(Object.keys(exported).length, area).toBeGreaterThan(1);
      for (const [name, value] of Object.entries(exported)) expect(root[name], `${area}: ${name}`).toBe(value);
    }
  });

  it('keeps the top of src/ to the client and entry points that only re-export', () => {
    // Code of its own goes in a folder (src/oauth/, src/webhooks/): the row of entry files stays a table of contents.
    const withCode = readdirSync(resolve(ROOT, 'src'))
      .filter((file) => file.endsWith('.ts') && file !== 'client.ts')
      .filter((file) => {
        const source = ts.createSourceFile(
          file,
          readFileSync(resolve(ROOT, 'src', file), 'utf8'),
          ts.ScriptTarget.ES2022,
        );
        return source.statements.some((node) => !ts.isExportDeclaration(node) || node.moduleSpecifier === undefined);
      });
    expect(withCode).toEqual([]);
  });

  it('gives the OAuth helpers an entry point of their own, without ky or any area', () => {
    const { external, local } = importGraph('src/oauth.ts');
    expect([...external].sort()).toEqual(['zod/mini']);
    const models = [...local].filter((file) => file.includes('/src/models/'));
    expect(models.map((file) => file.replace(/.*\/src\/models\/(.*)\.ts$/, '$1'))).toEqual(['oauth']);
    expect(packageJson.exports['./oauth']).toEqual({ types: './dist/oauth.d.ts', default: './dist/oauth.js' });
    // The root leaves them out: an app that only calls the API does not load them.
    expect([...importGraph('src/index.ts').local].filter((file) => /\/src\/(oauth|models\/oauth)/.test(file))).toEqual(
      [],
    );
  });

  it('builds #compile-schema twice: zod compiler by default, none for browsers', async () => {
    expect(packageJson.imports['#compile-schema']).toEqual({
      browser: './dist/compile-schema.browser.js',
      default: './dist/compile-schema.js',
    });
    const node = await import('../src/core/compile-schema.js');
    const browser = await import('../src/core/compile-schema.browser.js');
    expect(Object.keys(browser)).toEqual(Object.keys(node));
    expect(importGraph('src/core/compile-schema.browser.ts').external.size).toBe(0);
  });

  it('lets the HTTP server and the CLI run without msw (an optional peer dependency)', () => {
    for (const entry of ['mock/node/index.ts', 'mock/node/cli.ts']) {
      const imports = [...externalImports(entry)];
      expect(
        imports.filter((name) => name.startsWith('msw')),
        entry,
      ).toEqual([]);
    }
  });

  it('gives the mock its MSW handlers from msw', () => {
    expect(externalImports('mock/index.ts')).toContain('msw');
  });

  it('ships the license package.json declares (npm packs LICENSE with every version)', () => {
    const { license } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { license: string };
    expect(license).toBe('MIT');
    expect(readFileSync(resolve(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
  });
});

// dist/ holds its own copy of zod's code (tsup.config.ts), so the exported schemas are built by one zod and an
// app's schemas by another: the two must still compose, and the app's z.config() must reach the SDK's copy.
describe('zod, bundled into the build', () => {
  /** The SDK's sources with zod inside, as tsup bundles them (ky stays out: only a request loads it); built once. */
  let built: Promise<typeof import('../src/index.js')> | undefined;
  const sdkWithItsOwnZod = () => {
    built ??= buildWithItsOwnZod();
    return built;
  };
  async function buildWithItsOwnZod(): Promise<typeof import('../src/index.js')> {
    const { build } = await import('esbuild');
    const dir = mkdtempSync(join(tmpdir(), 'sdk-own-zod-'));
    await build({
      entryPoints: [resolve(ROOT, 'src/index.ts')],
      outfile: join(dir, 'index.js'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      external: ['ky'],
      logLevel: 'silent',
    });
    expect(readFileSync(join(dir, 'index.js'), 'utf8')).not.toMatch(/from ['"]zod/);
    return import(pathToFileURL(join(dir, 'index.js')).href);
  }
  const milestone = {
    id: 1,
    iid: 1,
    title: 'v1.0',
    description: null,
    state: 'active',
    created_at: '2026-05-01T10:00:00Z',
    updated_at: '2026-05-01T10:00:00Z',
    due_date: null,
    start_date: null,
    expired: false,
  };

  it("composes the SDK's schemas with an app's zod, classic and mini", async () => {
    const { Milestone } = await sdkWithItsOwnZod();
    const classic = await import('zod');
    const mini = await import('zod/mini');
    expect(classic.array(Milestone).parse([milestone])).toEqual([milestone]);
    expect(classic.object({ m: Milestone }).safeParse({ m: { ...milestone, due_date: 'soon' } }).error?.issues).toEqual(
      [expect.objectContaining({ path: ['m', 'due_date'], message: 'expected a YYYY-MM-DD date' })],
    );
    expect(mini.extend(Milestone, { extra: mini.string() }).safeParse({ ...milestone, extra: 1 }).success).toBe(false);
    expect(Object.keys(classic.toJSONSchema(Milestone).properties ?? {})).toContain('due_date');
  });

  it("hears the app's z.config(): a custom error message reaches the SDK's copy", async () => {
    const { Milestone } = await sdkWithItsOwnZod();
    const classic = await import('zod');
    classic.config({ customError: () => 'said by the app' });
    try {
      expect(Milestone.safeParse({ ...milestone, id: 'one' }).error?.issues[0]?.message).toBe('said by the app');
    } finally {
      classic.config({ customError: undefined });
    }
  });
});
