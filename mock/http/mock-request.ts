/**
 * The request type every part of the wire reads (the router, the JSON limits,
 * faults, the parameters, the token) and its making from a fetch `Request`; the
 * node:http adapter makes its own.
 * @module
 */

/**
 * A request as the router reads it: made from a fetch `Request` (`mock.fetch`, MSW)
 * or straight from node:http's request (the HTTP server), without a fetch object.
 */
export interface MockRequest {
  /** The method, upper case. */
  readonly method: string;
  /** The whole URL, on the world's origin. */
  readonly url: URL;
  /** A header's value (name in lower case), repeated ones joined by `, `; null when absent. */
  header(name: string): string | null;
  /** Every header (names in lower case; a repeated one may be a list), for the journal's record of the exchange. */
  headers?(): Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text; `''` when there is none. Read once: every call gives the same text. */
  text(): Promise<string>;
  /** Aborts when the client goes away; only where a fault's delay needs it. */
  readonly signal?: AbortSignal;
}

/** A fetch `Request` as a {@link MockRequest}. */
export function fromFetchRequest(request: Request): MockRequest {
  // Read once, by the JSON limits and then by the parameters.
  let text: Promise<string> | undefined;
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    headers: () => Object.fromEntries(request.headers),
    text: () => {
      text ??= request.body === null ? Promise.resolve('') : request.text();
      return text;
    },
    signal: request.signal,
  };
}
