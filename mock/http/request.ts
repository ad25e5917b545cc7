import { paramError } from './errors.js';
import { checkJsonLimits, isJsonMediaType, parsedBodyOf } from './json-limits.js';
import type { MockRequest } from './mock-request.js';
import type { RawParams } from './params.js';

/**
 * Reads a request's parameters the way GitLab merges them: query string,
 * `application/x-www-form-urlencoded`, multipart and JSON bodies all end up in
 * one object (GITLAB-BEHAVIOR 0.3). `a[]=1&a[]=2` becomes an array; a repeated
 * scalar keeps its last value (SPEC 5).
 * @module
 */

function addEntry(out: RawParams, key: string, value: unknown): void {
  if (key.endsWith('[]')) {
    const name = key.slice(0, -2);
    const current = out[name];
    // Push in place: copying the list for every entry made a body of many `a[]=` entries quadratic (a hang).
    if (Array.isArray(current)) current.push(value);
    else out[name] = [value];
  } else {
    out[key] = value;
  }
}

/**
 * Query string entries as raw parameters. A key without `=` (`?state`) is `null`, as Rack reads it
 * (nil): Grape then treats it as not given, so its default applies (GitLab's
 * spec/requests/api/merge_requests_spec.rb, "returns an array of all merge_requests" with `?state`).
 */
export function queryParams(url: URL): RawParams {
  const out: RawParams = {};
  if (!url.search.includes('&') && url.search.includes('=')) {
    for (const [key, value] of url.searchParams) addEntry(out, key, value);
    return out;
  }
  for (const part of url.search.slice(1).split('&')) {
    if (part === '') continue;
    for (const [key, value] of new URLSearchParams(part)) addEntry(out, key, part.includes('=') ? value : null);
  }
  return out;
}

/** Body parameters of a JSON, form or multipart body; `{}` when there is none. A malformed body is a 400. */
export async function bodyParams(request: MockRequest): Promise<RawParams> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.header('content-type')?.toLowerCase() ?? '';
  const text = await request.text();
  if (text.trim() === '') return {};
  if (type.includes('application/x-www-form-urlencoded')) {
    const out: RawParams = {};
    for (const [key, value] of new URLSearchParams(text)) addEntry(out, key, value);
    return out;
  }
  if (type.includes('multipart/form-data')) {
    const form = await new Response(text, { headers: { 'content-type': type } }).formData().catch(() => {
      throw paramError('body is invalid');
    });
    const out: RawParams = {};
    for (const [key, value] of form) addEntry(out, key, typeof value === 'string' ? value : value.name);
    return out;
  }
  // GitLab parses JSON bodies; anything else it does not understand is treated as JSON too. Such a
  // body (text/plain...) never met GitLab's JSON limits, and a deep one would overflow the stack of
  // whatever walks it: the mock holds it to the same limits, with the same answer.
  const checked = parsedBodyOf(request);
  if (!checked && !isJsonMediaType(type)) {
    const refused = checkJsonLimits(text);
    if (refused && refused.limit !== 'invalid_json')
      throw paramError(refused.message).because(`over the JSON limit ${refused.limit}`);
  }
  // Parsed already by GitLab's JSON limits (a short JSON body), or now.
  let parsed = checked?.value;
  if (!checked) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw paramError('body is invalid JSON');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw paramError('body must be a JSON object');
  return parsed as RawParams;
}
