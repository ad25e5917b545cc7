import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Gitlab } from '@gitbeaker/rest';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../mock/handlers/index.js';
import { createMockGitLab } from '../mock/index.js';
import { GitLab } from '../src/index.js';
import { CALLERS } from './authorization-table.js';
import { ROOT } from './cli-process.js';
import {
  exampleSnippets,
  markdownFiles,
  markdownSnippets,
  type Snippet,
  type SnippetError,
  sourceFiles,
  typecheck,
} from './docs/snippets.js';

// The documentation's code, checked as code: what a reader copies must compile.

const isTypeScript = (snippet: Snippet) => snippet.lang === 'ts' || snippet.lang === 'typescript';
const guides = markdownFiles().flatMap(markdownSnippets);
const examples = [...sourceFiles('src'), ...sourceFiles('mock')].flatMap(exampleSnippets);

// One program for every snippet: type-checking is the slow part.
let errors: SnippetError[] = [];
beforeAll(() => {
  errors = typecheck([...guides, ...examples].filter(isTypeScript));
}, 120_000);

const errorsIn = (files: (file: string) => boolean) =>
  errors.filter((error) => files(error.where.split(':')[0] as string)).map((e) => `${e.where}: ${e.message}`);

describe('code in the README and the guides', () => {
  it('type-checks every TypeScript block against the sources', () => {
    expect(guides.filter(isTypeScript).length).toBeGreaterThan(20);
    expect(errorsIn((file) => file.endsWith('.md'))).toEqual([]);
  });

  it('has only valid seed documents in the seed document guide', () => {
    const seeds = markdownSnippets('docs/seed-document.md').filter((snippet) => snippet.lang === 'json');
    expect(seeds.length).toBeGreaterThan(0);
    for (const seed of seeds) {
      expect(() => createMockGitLab({ seed: JSON.parse(seed.code) }), `${seed.file}:${seed.line}`).not.toThrow();
    }
  });

  it('has only valid JSON in JSON blocks', () => {
    for (const snippet of guides.filter((block) => block.lang === 'json')) {
      expect(() => JSON.parse(snippet.code), `${snippet.file}:${snippet.line}`).not.toThrow();
    }
  });
});

describe('examples in doc comments', () => {
  it('type-checks every @example', () => {
    expect(examples.length).toBeGreaterThan(50);
    expect(errorsIn((file) => !file.endsWith('.md'))).toEqual([]);
  });

  it('show every public method of the resources and of PagePromise', () => {
    const files = [...sourceFiles('src/resources'), 'src/core/pagination.ts'];
    const methods: string[] = [];
    const missing: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
      for (const node of source.statements) {
        if (!ts.isClassDeclaration(node) || !node.name) continue;
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member) || ts.isPrivateIdentifier(member.name)) continue;
          const hidden = ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
          if (hidden) continue;
          const name = `${node.name.text}.${member.name.getText(source)}`;
          methods.push(name);
          if (!ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'example')) missing.push(name);
        }
      }
    }
    expect(methods.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});

describe('methods named in the README and the guides', () => {
  /** Backticked spans such as `gitlab.projects.milestones.list(...)` or `applications.renewSecret(id)`. */
  const sdkPaths = (text: string) =>
    [...text.matchAll(/`(?:gitlab\.)?((?:applications|projects|groups)(?:\.[A-Za-z]+)*)/g)]
      .map((m) => m[1] as string)
      .filter((path) => !/\.(?:ts|js|md|json)$/.test(path)); // file names such as `groups.test.ts`
  const lookup = (root: unknown, path: string) =>
    path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);

  it('exist on the SDK client', () => {
    const gitlab = new GitLab({ baseUrl: 'https://gitlab.example.com' });
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      for (const path of sdkPaths(readFileSync(join(ROOT, file), 'utf8'))) {
        const found = lookup(gitlab, path);
        if (typeof found !== 'function' && (typeof found !== 'object' || found === null))
          missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('exist on @gitbeaker/rest, for the migration table', () => {
    const api = new Gitlab({ host: 'https://gitlab.example.com', token: 'unused' }) as unknown as Record<
      string,
      unknown
    >;
    const text = readFileSync(join(ROOT, 'docs/migrating-from-gitbeaker.md'), 'utf8');
    const calls = [...text.matchAll(/`([A-Z]\w+)\.(\w+)\(/g)].map((m) => `${m[1]}.${m[2]}`);
    expect(calls.length).toBeGreaterThan(25);
    expect(calls.filter((call) => typeof lookup(api, call) !== 'function')).toEqual([]);
  });
});

describe('docs/reliability.md', () => {
  it('states the route and caller counts the suites run', () => {
    const text = readFileSync(join(ROOT, 'docs/reliability.md'), 'utf8');
    const cells = `${routes.length} × ${CALLERS.length} = ${routes.length * CALLERS.length} cells`;
    expect(text).toContain(`all ${routes.length} routes`);
    expect(text).toContain(`**${cells}**`);
  });
});
