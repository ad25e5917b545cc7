import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The package's import graph: what each entry point pulls in.
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Every bare module specifier reachable from `entry` through relative imports. */
function externalImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
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
  return external;
}

describe('entry points', () => {
  it('keeps the SDK to ky and zod', () => {
    expect([...externalImports('src/index.ts')].sort()).toEqual(['ky', 'zod/mini']);
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
});
