import { describe, expect, it } from 'vitest';
import { mergeReports, moveFile, scores } from '../tools/mutation.js';

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('tools/mutation.ts', () => {
  it('counts a score as Stryker does: killed and timed out over those that ran or went uncovered', () => {
    const report = {
      files: {
        'mock/rules/b.ts': mutants(
          'Killed',
          'Survived',
          'NoCoverage',
          'Timeout',
          'CompileError',
          'RuntimeError',
          'Ignored',
        ),
        'mock/rules/a.ts': mutants('Killed', 'Killed', 'Killed', 'Survived'),
        'src/core/c.ts': mutants(),
      },
    };
    expect(scores(report)).toEqual([
      { name: 'mock/rules/', mutants: 8, score: 62.5, survived: 2, noCoverage: 1 },
      { name: 'mock/rules/a.ts', mutants: 4, score: 75, survived: 1, noCoverage: 0 },
      { name: 'mock/rules/b.ts', mutants: 4, score: 50, survived: 1, noCoverage: 1 },
    ]);
  });

  it("lays a run's files over the committed ones, keeping the files the run did not test", () => {
    const committed = {
      files: { 'a.ts': mutants('Survived'), 'b.ts': mutants('Killed') },
      testFiles: { t1: 1, t2: 1 },
    };
    const run = { files: { 'a.ts': mutants('Killed') }, testFiles: { t1: 2 }, schemaVersion: '2' };
    expect(mergeReports(committed, run)).toEqual({
      files: { 'a.ts': mutants('Killed'), 'b.ts': mutants('Killed') },
      testFiles: { t1: 2, t2: 1 },
      schemaVersion: '2',
    });
    expect(mergeReports(undefined, run)).toBe(run);
  });

  it("keeps a moved file's results under its new path, mutant ids included, and leaves the others", () => {
    const report = {
      files: {
        'mock/http/a.ts': {
          mutants: [{ status: 'Killed', id: 'mock/http/a.ts@1:1-1:5', relativeFileName: 'mock/http/a.ts' }],
        },
        'mock/http/b.ts': mutants('Survived'),
      },
      testFiles: { t1: 1 },
    };
    const moved = moveFile(report, 'mock/http/a.ts', 'mock/webhooks/a.ts');
    expect(Object.keys(moved.files).sort()).toEqual(['mock/http/b.ts', 'mock/webhooks/a.ts']);
    expect(moved.files['mock/webhooks/a.ts']?.mutants).toEqual([
      { status: 'Killed', id: 'mock/webhooks/a.ts@1:1-1:5', relativeFileName: 'mock/webhooks/a.ts' },
    ]);
    expect(moved.testFiles).toEqual({ t1: 1 });
    expect(() => moveFile(report, 'mock/http/c.ts', 'x.ts')).toThrow('mock/http/c.ts has no results');
  });
});
