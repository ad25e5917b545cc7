import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../cli-process.js';

/**
 * The code the documentation shows, taken out of it so tests can check it: fenced
 * blocks of the Markdown guides and the `@example` blocks of the sources' doc comments.
 */

/** One fenced code block: where it is, its language and its code. */
export interface Snippet {
  /** Path relative to the repository, such as `docs/errors.md`. */
  file: string;
  /** Line (1-based) of the block's first line of code in that file. */
  line: number;
  /** The fence's language: `ts`, `json`, `sh`... */
  lang: string;
  /**
   * The file name after the language (```` ```ts expiring-tokens.ts ````), for a block that a
   * later block of the same document imports (`import ... from './expiring-tokens.js'`).
   */
  name: string | undefined;
  code: string;
}

/** The Markdown files whose code blocks must be right: the README and the guides. */
export function markdownFiles(): string[] {
  const guides = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...guides];
}

/** The fenced code blocks of a Markdown file (``` fences, at any indentation). */
export function markdownSnippets(file: string): Snippet[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)(?:\s+(\S+))?/.exec(lines[i] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end] as string)) end++;
    const code = lines
      .slice(start, end)
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    snippets.push({ file, line: start + 1, lang: open[2] as string, name: open[3], code });
    i = end;
  }
  return snippets;
}

/** Every `.ts` file below a folder of the repository. */
export function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) found.push(path);
    }
  };
  walk(folder);
  return found.sort();
}

/** The ```ts blocks of the `@example` tags in a source file's doc comments. */
export function exampleSnippets(file: string): Snippet[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  const commentLine = (line: string) => line.replace(/^\s*\*( |$)/, '');
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\*\s*@example\b/.test(lines[i] as string)) continue;
    let open = i + 1;
    while (open < lines.length && !/^\s*\*\s*```/.test(lines[open] as string)) {
      if (/\*\/|@\w+/.test(lines[open] as string)) break;
      open++;
    }
    const fence = /^\s*\*\s*```(\S*)/.exec(lines[open] ?? '');
    if (!fence) continue;
    let end = open + 1;
    while (end < lines.length && !/^\s*\*\s*```\s*$/.test(lines[end] as string)) end++;
    const code = lines
      .slice(open + 1, end)
      .map(commentLine)
      .join('\n');
    snippets.push({ file, line: open + 2, lang: fence[1] as string, name: undefined, code });
    i = end;
  }
  return snippets;
}

/**
 * What every snippet may use without importing it: `gitlab`, a client as the guides
 * create it, and `storeSecret`, a stand-in for the reader's secret store.
 */
const PRELUDE = `import type { GitLab } from 'gitlab-admin-sdk';
declare global {
  /** A client, created as in the guides: \`new GitLab({ baseUrl, token })\`. */
  const gitlab: GitLab;
  /** Where the reader keeps a secret GitLab shows once (a vault, a CI variable...). */
  function storeSecret(name: string, secret: string): Promise<void>;
}
`;

/** Jest is not installed here: the Jest guide's calls are checked against Vitest's, which have the same shape. */
const JEST_STANDIN = `declare module '@jest/globals' {
  export { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test } from 'vitest';
}
`;

/** Where the snippets seem to live: a folder of the repository that does not exist on disk. */
const SNIPPET_DIR = join(ROOT, '.snippets');

/**
 * The virtual file a snippet is checked as. A doc comment's example sits beside its
 * source file (so it may import it relatively); a guide's blocks sit in a folder of
 * their own, under their name when they have one.
 */
function snippetPath(snippet: Snippet, index: number): string {
  if (snippet.file.endsWith('.ts')) {
    return join(ROOT, dirname(snippet.file), `.example.${basename(snippet.file, '.ts')}.${snippet.line}.ts`);
  }
  const folder = join(SNIPPET_DIR, snippet.file.replaceAll('/', '__'));
  return join(folder, snippet.name ?? `block-${snippet.line}-${index}.ts`);
}

/** One type error of a snippet, placed at its line in the document or source file. */
export interface SnippetError {
  where: string;
  message: string;
}

/**
 * Type-checks TypeScript snippets as modules of this repository (the tsconfig's
 * `paths` map `gitlab-admin-sdk` to the sources), each in its own file, with
 * {@link PRELUDE}'s globals. Returns every error, with the line it is on.
 */
export function typecheck(snippets: Snippet[]): SnippetError[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('cannot read tsconfig.json');

  const virtual = new Map<string, string>([
    [join(SNIPPET_DIR, 'prelude.d.ts'), PRELUDE],
    [join(SNIPPET_DIR, 'jest-globals.d.ts'), JEST_STANDIN],
  ]);
  const origin = new Map<string, Snippet>();
  snippets.forEach((snippet, index) => {
    const name = snippetPath(snippet, index);
    if (virtual.has(name)) throw new Error(`${snippet.file}:${snippet.line}: a second block named ${snippet.name}`);
    // `export {}` makes every snippet a module, so each has its own scope.
    virtual.set(name, `${snippet.code}\nexport {};\n`);
    origin.set(name, snippet);
  });
  const virtualDirs = new Set([...virtual.keys()].map((name) => dirname(name)));

  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.directoryExists = (name) =>
    virtualDirs.has(name) || name === SNIPPET_DIR || (directoryExists?.call(host, name) ?? true);
  host.getSourceFile = (name, language, onError, create) => {
    const text = virtual.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, language, true);
    return getSourceFile.call(host, name, language, onError, create);
  };

  const program = ts.createProgram({ rootNames: [...virtual.keys()], options: config.options, host });
  const errors: SnippetError[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const file = diagnostic.file;
    const snippet = file ? origin.get(file.fileName) : undefined;
    if (!file || diagnostic.start === undefined) {
      errors.push({ where: '(program)', message });
    } else if (snippet) {
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start);
      errors.push({ where: `${snippet.file}:${snippet.line + line}`, message });
    } else {
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start);
      errors.push({ where: `${relative(ROOT, file.fileName)}:${line + 1}`, message });
    }
  }
  return errors;
}
