import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { createMockGitLab } from '../../mock/index.js';
import { ROOT } from '../cli-process.js';

// docs/oauth.md's vitest example, run as it stands in the guide: its import replaced by
// the mock's entry point, its types stripped, its console.log captured.

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;

it('runs the guide’s in-process flow: a code, a token, an API call as the user', async () => {
  const guide = readFileSync(join(ROOT, 'docs/oauth.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
  expect(block).toContain("from 'gitlab-admin-sdk/mock'");
  const source = block.replace(/^import .*$/m, '');
  const js = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const logged: unknown[][] = [];
  await new AsyncFunction('createMockGitLab', 'console', js)(createMockGitLab, {
    log: (...args: unknown[]) => logged.push(args),
  });
  expect(logged).toEqual([[200, expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^ey/)]]);
});
