import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli-process.js';

// docs/other-languages.md shows only what the interop suite runs: each curl and Python example is
// marked `<!-- from FILE#NAME -->` and must equal the lines between `docs:begin NAME` and
// `docs:end` in FILE (or the whole FILE), so the page cannot drift from test/interop.

const page = readFileSync(join(ROOT, 'docs', 'other-languages.md'), 'utf8');
const FENCE = /^(<!-- from (\S+?)(?:#([\w-]+))? -->\n)?```(\w*)\n([\s\S]*?)^```$/gm;

/** The lines between `docs:begin name` and the next `docs:end`, without their common indentation. */
function region(text: string, name: string): string {
  const lines = text.split('\n');
  const begin = lines.findIndex((line) => /^\s*(#|\/\/) docs:begin (\S+)$/.exec(line)?.[2] === name);
  if (begin < 0) throw new Error(`no docs:begin ${name}`);
  const end = lines.findIndex((line, i) => i > begin && /^\s*(#|\/\/) docs:end$/.test(line));
  if (end < 0) throw new Error(`no docs:end after docs:begin ${name}`);
  const body = lines.slice(begin + 1, end);
  const indent = Math.min(...body.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length));
  return `${body.map((l) => l.slice(indent)).join('\n')}\n`;
}

const blocks = [...page.matchAll(FENCE)].map(([, marker, file, name, language, body]) => ({
  marker,
  file,
  name,
  language,
  body: body ?? '',
}));

describe('docs/other-languages.md', () => {
  it('takes its curl and Python examples from the interop suite, verbatim', () => {
    const marked = blocks.filter((block) => block.marker);
    expect(marked.length).toBeGreaterThanOrEqual(10);
    for (const { file, name, body } of marked) {
      const source = readFileSync(join(ROOT, file ?? ''), 'utf8');
      expect(body, `${file}#${name ?? ''}`).toBe(name ? region(source, name) : source);
    }
  });

  it('has no curl or Python example that the interop suite does not run', () => {
    for (const { marker, language, body } of blocks) {
      if (language === 'python' || /(^|\s)curl\s/m.test(body)) expect(marker, body).toBeDefined();
    }
  });
});
