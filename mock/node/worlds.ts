import type { MockGitLabCore } from '../mock.js';
import type { AdminAnswer } from './admin.js';

/**
 * The named worlds of one server (SPEC 6): each a GitLab of its own at
 * `/worlds/NAME`, made on its first request as a fresh copy of the server's
 * seed, up to a cap. The default world at the root is not one of them.
 * @module
 */

/** What a world's name may be. */
export const WORLD_NAME = /^[a-z0-9_-]{1,64}$/;

/** Default cap on named worlds (`--max-worlds`). */
export const DEFAULT_MAX_WORLDS = 64;

/** A named world and what `GET /__mock/worlds` says of it. */
export interface NamedWorld {
  readonly name: string;
  readonly mock: MockGitLabCore;
  /** When it was made (wall clock, ISO 8601). */
  readonly createdAt: string;
  /** API requests it has been sent. */
  requests: number;
}

export class Worlds {
  readonly #worlds = new Map<string, NamedWorld>();

  constructor(
    /** Makes a fresh world answering at `baseUrl`. */
    private readonly create: (baseUrl: string) => MockGitLabCore,
    /** The server's URL, `http://HOST:PORT`. */
    private readonly url: string,
    readonly max: number = DEFAULT_MAX_WORLDS,
  ) {}

  /** The world called `name`, made now if it is new; an answer instead when the cap is reached. */
  get(name: string): NamedWorld | AdminAnswer {
    const known = this.#worlds.get(name);
    if (known) return known;
    if (this.#worlds.size >= this.max) {
      return {
        status: 503,
        body: {
          error: `the server holds its most worlds (--max-worlds ${this.max}): drop one with DELETE /__mock/worlds/NAME`,
        },
      };
    }
    const world: NamedWorld = {
      name,
      mock: this.create(`${this.url}/worlds/${name}`),
      createdAt: new Date().toISOString(),
      requests: 0,
    };
    this.#worlds.set(name, world);
    return world;
  }

  /** The world called `name`, if it has been made. */
  find(name: string): NamedWorld | undefined {
    return this.#worlds.get(name);
  }

  /** `GET /__mock/worlds` and `DELETE /__mock/worlds/NAME`. */
  answer(method: string, name: string | undefined): AdminAnswer {
    if (name === undefined) {
      if (method !== 'GET') return { status: 405, body: { error: '405 Not Allowed' } };
      return {
        status: 200,
        body: [...this.#worlds.values()].map((w) => ({
          name: w.name,
          created_at: w.createdAt,
          requests: w.requests,
          now: w.mock.clock.now().toISOString(),
        })),
      };
    }
    if (method !== 'DELETE') return { status: 405, body: { error: '405 Not Allowed' } };
    return this.#worlds.delete(name) ? { status: 204 } : { status: 404, body: { error: '404 World Not Found' } };
  }
}
