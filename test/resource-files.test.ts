import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Resource } from '../src/core/resource.js';
import { GitLab } from '../src/index.js';
import { ROOT } from './cli-process.js';

// Route → SDK file in one step: `gitlab.groups.milestones` is declared in src/resources/milestones.ts.

/** The file of src/resources/ that declares each exported class. */
function classFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(join(ROOT, 'src/resources'))) {
    const source = readFileSync(join(ROOT, 'src/resources', file), 'utf8');
    for (const [, name] of source.matchAll(/^export (?:abstract )?class (\w+)/gm)) files.set(name as string, file);
  }
  return files;
}

/** Every resource the client holds, by its attribute path (`groups.milestones`). */
function resourceTree(node: object, prefix = ''): [string, Resource][] {
  return Object.entries(node)
    .filter((entry): entry is [string, Resource] => entry[1] instanceof Resource)
    .flatMap(([key, resource]) => [
      [`${prefix}${key}`, resource] as [string, Resource],
      ...resourceTree(resource, `${prefix}${key}.`),
    ]);
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('resource files', () => {
  it('name each client attribute: gitlab.a.b is declared in src/resources/<b>.ts', () => {
    const files = classFiles();
    const attributes = resourceTree(new GitLab({ baseUrl: 'https://gitlab.example.com' }));
    expect(attributes.length).toBeGreaterThan(25);
    const misplaced = attributes
      .map(([path, resource]) => {
        const expected = `${kebab(path.split('.').at(-1) as string)}.ts`;
        const file = files.get(resource.constructor.name);
        return file === expected ? null : `gitlab.${path} (${resource.constructor.name}): ${file}, not ${expected}`;
      })
      .filter((line) => line !== null);
    expect(misplaced).toEqual([]);
  });
});
