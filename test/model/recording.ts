import { expect } from 'vitest';
import type { MockGitLab } from '../../mock/index.js';
import { GitLabApiError } from '../../src/index.js';

/** One request and its answer, as the wire carried it. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  text: string;
}

/**
 * `mock.fetch`, recording every exchange, so a property can check every answer
 * the SDK received (errors included), not only what the SDK returned.
 */
export function recordingFetch(mock: MockGitLab): { fetch: typeof fetch; log: Exchange[] } {
  const log: Exchange[] = [];
  const recorded = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await mock.fetch(request);
    const text = await response.clone().text();
    log.push({ method: request.method, path: new URL(request.url).pathname, status: response.status, text });
    return response;
  };
  return { fetch: recorded as typeof fetch, log };
}

/** Whether a JSON value has `key` anywhere inside it. */
export function hasKeyDeep(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => hasKeyDeep(item, key));
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => k === key || hasKeyDeep(v, key));
}

/** The thrown error's HTTP status, or the error again when it is not an API error. */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number') throw error;
  return status;
}

/** A refusal as a model predicts it: GitLab's status, and its message where the model knows it. */
export interface Refusal {
  status: number;
  /** The whole `message`, or the parts it must contain (GitLab's model errors, in any order). */
  message?: string | readonly string[];
}

/**
 * For `.catch(refusedAs(expected))`: the refusal the model predicted, with its status and the
 * rule that refused (its message); `null` when it predicts success. An unpredicted answer,
 * refusal or error fails the property.
 */
export function refusedAs(expected: Refusal | null) {
  return (error: unknown): undefined => {
    // `null`: the model predicts success, so any refusal fails the property.
    if (!(error instanceof GitLabApiError) || expected === null) throw error;
    const message = typeof error.gitlabMessage === 'string' ? error.gitlabMessage : JSON.stringify(error.gitlabMessage);
    expect(error.status, `refused with ${error.status} ${message}`).toBe(expected.status);
    if (typeof expected.message === 'string') expect(message).toBe(expected.message);
    else for (const part of expected.message ?? []) expect(message).toContain(part);
    return undefined;
  };
}

/**
 * For `.catch(refused)`: a 4xx the model does not predict (the API decided; the invariants
 * judge the world that results). Anything but an API 4xx fails the property. Weaker than
 * {@link refusedAs}: the approvals and whole-state models still use it where their
 * models do not yet predict which rule refuses.
 */
export function refused(error: unknown): undefined {
  if (error instanceof GitLabApiError && error.status >= 400 && error.status < 500) return undefined;
  throw error;
}
