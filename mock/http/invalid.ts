import type * as z from 'zod';

/**
 * How the mock words a value it refuses (a seed document, a fault, rate limits):
 * where (`projects[0].members.dev`) and what (`unknown key`, zod's message).
 * @module
 */

/** `projects[0].members.dev`, from a path of keys and indexes. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The first problem of a failed parse: its path (`''` for the value itself) and reason. */
export function firstIssue(error: z.ZodError): { path: string; reason: string } {
  const issue = error.issues[0];
  if (!issue) return { path: '', reason: 'invalid' };
  if (issue.code === 'unrecognized_keys')
    return { path: formatPath([...issue.path, issue.keys[0] ?? '']), reason: 'unknown key' };
  return { path: formatPath(issue.path), reason: issue.message };
}

/** `Invalid fault: status: Too small...`: a `TypeError` for a value given at run time. */
export function invalid(what: string, error: z.ZodError): TypeError {
  const { path, reason } = firstIssue(error);
  return new TypeError(`Invalid ${what}: ${path ? `${path}: ` : ''}${reason}`);
}
