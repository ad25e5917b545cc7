import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { MockGitLabCore } from '../mock.js';
import { SeedError } from '../seed/document.js';

/**
 * `--state FILE` (SPEC 6): the default world kept in a file across restarts.
 * Written through a temporary file renamed over FILE, so a reader, or a server
 * killed mid-write, never finds half a document.
 * @module
 */

/** Least time between two writes. */
const WRITE_EVERY_MS = 1000;

/** The document in `file`, or undefined when there is no such file; a file that is not JSON is a `SeedError`. */
export function readStateFile(file: string): unknown {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SeedError('', `state file ${file} is not valid JSON: ${error instanceof Error ? error.message : error}`);
  }
}

/** Writes `mock`'s world to `file` in one rename. */
function writeState(mock: MockGitLabCore, file: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(mock.exportState(), null, 2)}\n`);
  renameSync(temporary, file);
}

/**
 * Keeps `mock`'s world in `file`: `changed()` after anything that may have changed it schedules a
 * write, at most one a second; `stop()` writes once more and stops.
 */
export function persist(mock: MockGitLabCore, file: string): { changed(): void; stop(): void } {
  writeState(mock, file);
  let lastWrite = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    lastWrite = Date.now();
    writeState(mock, file);
  };
  return {
    changed() {
      timer ??= setTimeout(write, Math.max(0, lastWrite + WRITE_EVERY_MS - Date.now()));
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      writeState(mock, file);
    },
  };
}
