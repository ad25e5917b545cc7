import { afterEach, describe, expect, it } from 'vitest';
import { checkJsonLimits, isJsonMediaType, jsonLimitsApply, jsonLimitsSwitch } from '../../mock/http/json-limits.js';

// The edges of GitLab's JSON limits (SPEC 9) that the random shapes of json-limits.test.ts do not
// reach: which content types the middleware reads (Rack's media_type), the escapes and number forms
// of RFC 8259, a malformed token at a limit, and empty containers counted once. Direct calls to the
// exported checks: each is one small input, so no mock is needed.

const limitOf = (text: string) => checkJsonLimits(text)?.limit ?? null;

/** An array already holding 50,000 elements, then `last` as its 50,001st: GitLab's parser stops at a malformed one. */
const fullArrayThen = (last: string) => `[${'0,'.repeat(50_000)}${last}]`;

describe('which requests the JSON limits read (Rack media_type)', () => {
  afterEach(() => {
    jsonLimitsSwitch.enabled = true;
  });

  it('takes the media type before the first ; or , whichever comes first, trimmed', () => {
    // A list of types: the first one is the media type.
    expect(isJsonMediaType('application/json,text/plain')).toBe(true);
    expect(isJsonMediaType('application/json, text/plain; charset=utf-8')).toBe(true);
    // A comma before the parameters, and a parameter holding a comma.
    expect(isJsonMediaType('application/json,text/plain;charset=utf-8')).toBe(true);
    expect(isJsonMediaType('application/json;charset=utf-8,text/plain')).toBe(true);
    // Spaces before the ; (Rack's split eats them).
    expect(isJsonMediaType('application/json ; charset=utf-8')).toBe(true);
    expect(isJsonMediaType('text/plain,application/json')).toBe(false);
  });

  it('reads a body whose content type has parameters but no media type as one with none: by its path', () => {
    for (const type of [';charset=utf-8', ',application/json', ',text/plain;charset=utf-8']) {
      expect(jsonLimitsApply(type, '/api/v4/projects'), type).toBe(true);
      expect(jsonLimitsApply(type, '/oauth/token'), type).toBe(false);
    }
  });

  it('reads nothing when the benchmark switch turns the check off', () => {
    jsonLimitsSwitch.enabled = false;
    expect(jsonLimitsApply('application/json', '/api/v4/projects')).toBe(false);
    expect(jsonLimitsApply(null, '/api/v4/projects')).toBe(false);
    jsonLimitsSwitch.enabled = true;
    expect(jsonLimitsApply('application/json', '/api/v4/projects')).toBe(true);
  });
});

describe('RFC 8259 escapes and numbers in the JSON limits scanner', () => {
  it('accepts every escape JSON has, and refuses any other', () => {
    for (const esc of ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u00e9']) {
      expect(limitOf(`["${esc}"]`), esc).toBe(null);
      expect(limitOf(`{"${esc}":false}`), esc).toBe(null);
    }
    for (const esc of ['\\q', '\\u00g9', '\\uZZZZ', '\\x41']) expect(limitOf(`["${esc}"]`), esc).toBe('invalid_json');
  });

  it('reads exponents with and without a sign, and refuses a number with nothing after its . or e', () => {
    for (const number of ['1e5', '1E+5', '1e-5', '-0.5e-10', '0', '10.25'])
      expect(limitOf(`[${number}]`), number).toBe(null);
    for (const number of ['0.', '1e', '1e+', '1e-', '-', '1.e5', '01'])
      expect(limitOf(`[${number}]`), number).toBe('invalid_json');
  });

  it('refuses a raw control character or an unterminated string at the root', () => {
    expect(limitOf('"')).toBe('invalid_json');
    expect(limitOf('" ')).toBe('invalid_json');
    expect(limitOf('"\t')).toBe('invalid_json');
    expect(limitOf('"\n ')).toBe('invalid_json');
    expect(limitOf('-')).toBe('invalid_json');
    expect(limitOf('- ')).toBe('invalid_json');
  });

  it('refuses a trailing comma in an object', () => {
    expect(limitOf('{"a":1,}')).toBe('invalid_json');
    expect(limitOf('{"a":{"b":1,}}')).toBe('invalid_json');
  });
});

describe('a malformed token where a limit would fall: invalid JSON, not over the limit', () => {
  it('answers invalid_json for a malformed 50,001st element of an array', () => {
    // Well formed, it is over the array limit.
    expect(limitOf(fullArrayThen('0'))).toBe('max_array_size');
    for (const bad of ['"\u0001"', '"\\uZZZZ"', '"\\q"', '"unterminated', '-', '0.', '1e', '1e+']) {
      expect(limitOf(fullArrayThen(bad)), bad).toBe('invalid_json');
    }
  });
});

describe('empty containers in the element count', () => {
  it('counts an empty object or array once, as the value it is', () => {
    // 50,000 empty containers in one array: 50,001 elements with the root, far under 100,000.
    for (const empty of ['{}', '[]']) {
      const text = `[${Array(50_000).fill(empty).join(',')}]`;
      expect(limitOf(text), empty).toBe(null);
      // With 49,997 more beside it: 99,999 elements; one more is the 100,000th.
      expect(limitOf(`[${text},${Array(49_997).fill(0).join(',')}]`), empty).toBe(null);
      expect(limitOf(`[${text},${Array(49_998).fill(0).join(',')}]`), empty).toBe('max_total_elements');
    }
  });
});
