import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/**
 * Compares two behaviour traces (run.ts says what they are): `npx tsx tools/behaviour-trace/diff.ts
 * <dirA> <dirB> [--all]`. Per test file: hooks that differ, tests only on one side, and for each test
 * whose channels differ, the first differing exchange, journal entry or delivery, with the fields
 * that differ. Up to 5 tests per file unless `--all`. Exits 1 when there is any difference, 0 when
 * none, 2 on bad arguments.
 */

type Channel = 'exchanges' | 'journal' | 'deliveries';
const CHANNELS: Channel[] = ['exchanges', 'journal', 'deliveries'];

interface Test {
  test: string;
  state?: string;
  exchanges: unknown[];
  journal: unknown[];
  deliveries: unknown[];
}

interface Trace {
  file: string;
  hooks: Record<string, string>;
  tests: Test[];
}

const args = process.argv.slice(2).filter((arg) => arg !== '--all');
const all = process.argv.includes('--all');
if (args.length !== 2 || !args.every((dir) => existsSync(join(dir, '.behaviour-trace')))) {
  console.error('usage: npx tsx tools/behaviour-trace/diff.ts <traceA> <traceB> [--all] (folders written by run.ts)');
  process.exit(2);
}
const [dirA, dirB] = args as [string, string];

const SHOWN_TESTS = 5;
const SHOWN_FIELDS = 8;
const WIDTH = 160;

const show = (value: unknown): string => {
  const text = value === undefined ? '(none)' : JSON.stringify(value);
  return text.length > WIDTH ? `${text.slice(0, WIDTH)}… (${text.length} chars)` : text;
};

/** The paths at which two values differ, with both sides, depth first, at most `limit`. */
function fieldDiffs(a: unknown, b: unknown, path = '', out: string[] = [], limit = SHOWN_FIELDS): string[] {
  if (out.length >= limit || isDeepStrictEqual(a, b)) return out;
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null;
  if (objects && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      fieldDiffs(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
        out,
        limit,
      );
    }
    return out;
  }
  out.push(`${path || '(whole)'}:\n          A ${show(a)}\n          B ${show(b)}`);
  return out;
}

/** A one-line name for an item of a channel: `POST /api/v4/... → 201`. */
function label(channel: Channel, item: unknown): string {
  if (item === undefined) return '(none)';
  const x = item as Record<string, unknown>;
  if (channel === 'exchanges') return `${x.method} ${x.url} → ${x.status}`;
  if (channel === 'journal') return `#${x.seq} ${x.method} ${x.path} → ${x.status}`;
  return `${x.trigger} to ${x.hook_type} hook ${x.hook_id} → ${x.url} (${x.outcome})`;
}

function compareTest(a: Test, b: Test): string[] {
  const lines: string[] = [];
  if (a.state !== b.state) lines.push(`    state: A ${a.state} / B ${b.state}`);
  for (const channel of CHANNELS) {
    const [left, right] = [a[channel], b[channel]];
    const length = Math.max(left.length, right.length);
    const at = Array.from({ length }, (_, i) => i).find((i) => !isDeepStrictEqual(left[i], right[i]));
    if (at === undefined) continue;
    lines.push(
      `    ${channel}: ${left.length} in A, ${right.length} in B; first difference at #${at + 1}`,
      `      A ${label(channel, left[at])}`,
      `      B ${label(channel, right[at])}`,
    );
    if (left[at] !== undefined && right[at] !== undefined) {
      for (const diff of fieldDiffs(left[at], right[at])) lines.push(`        ${diff}`);
    }
  }
  return lines;
}

function compareFile(a: Trace | undefined, b: Trace | undefined, name: string): string[] {
  if (!a || !b) return [`  only in ${a ? 'A' : 'B'}`];
  const lines: string[] = [];
  for (const hook of new Set([...Object.keys(a.hooks), ...Object.keys(b.hooks)])) {
    if (a.hooks[hook] !== b.hooks[hook]) lines.push(`  hook ${hook}: A ${a.hooks[hook]} / B ${b.hooks[hook]}`);
  }
  const byName = (trace: Trace) => new Map(trace.tests.map((test) => [test.test, test]));
  const [testsA, testsB] = [byName(a), byName(b)];
  let shown = 0;
  let differing = 0;
  for (const test of new Set([...testsA.keys(), ...testsB.keys()])) {
    const [left, right] = [testsA.get(test), testsB.get(test)];
    const diffs = left && right ? compareTest(left, right) : [`    only in ${left ? 'A' : 'B'}`];
    if (diffs.length === 0) continue;
    differing += 1;
    if (!all && shown >= SHOWN_TESTS) continue;
    shown += 1;
    lines.push(`  test "${test}"`, ...diffs);
  }
  if (differing > shown) lines.push(`  ... and ${differing - shown} more tests differ in ${name} (--all shows them)`);
  return lines;
}

const read = (dir: string, file: string): Trace | undefined =>
  existsSync(join(dir, file)) ? (JSON.parse(readFileSync(join(dir, file), 'utf8')) as Trace) : undefined;

const files = [...new Set([...globSync('**/*.json', { cwd: dirA }), ...globSync('**/*.json', { cwd: dirB })])].sort();
let differing = 0;
for (const file of files) {
  const name = file.replace(/\.json$/, '');
  const lines = compareFile(read(dirA, file), read(dirB, file), name);
  if (lines.length === 0) continue;
  differing += 1;
  console.log(`${name}\n${lines.join('\n')}\n`);
}
console.log(
  differing === 0
    ? `no difference: ${files.length} test files, A ${dirA}, B ${dirB}`
    : `${differing} of ${files.length} test files differ (A ${dirA}, B ${dirB})`,
);
process.exitCode = differing === 0 ? 0 : 1;
