import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli-process.js';
import { markdownFiles } from './docs/snippets.js';

// Code the guides show from files that tests run: a block marked `<!-- from FILE#NAME -->` must
// equal the lines between `docs:begin NAME` and `docs:end` in FILE (or the whole FILE), so a page
// cannot drift from what CI runs. docs/other-languages.md shows only what the interop suite runs.

const FENCE = /^(<!-- from (\S+?)(?:#([\w-]+))? -->\n)?```(\w*)(?: \S+)?\n([\s\S]*?)^```$/gm;

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

const blocksOf = (file: string) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(FENCE)].map(([, marker, source, name, language, body]) => ({
    marker,
    source,
    name,
    language,
    body: body ?? '',
  }));

describe('code shown from files that tests run', () => {
  it('is in every guide verbatim', () => {
    const marked = markdownFiles().flatMap((file) =>
      blocksOf(file)
        .filter((block) => block.marker)
        .map((block) => ({ ...block, file })),
    );
    expect(marked.length).toBeGreaterThanOrEqual(14);
    for (const { file, source, name, body } of marked) {
      const text = readFileSync(join(ROOT, source ?? ''), 'utf8');
      expect(body, `${file}: ${source}#${name ?? ''}`).toBe(name ? region(text, name) : text);
    }
  });

  it('is the only curl or Python in docs/other-languages.md', () => {
    for (const { marker, language, body } of blocksOf('docs/other-languages.md')) {
      if (language === 'python' || /(^|\s)curl\s/m.test(body)) expect(marker, body).toBeDefined();
    }
  });
});
