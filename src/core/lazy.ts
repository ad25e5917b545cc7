/**
 * Nothing per route at import (issue 41): a model's zod schema is built the first time
 * anything reads it, and a resource inside the client the first time a program touches it.
 * @module
 */

import type { Transport } from './transport.js';

/** What rebuilding a zod schema into another object needs of it: its constructor and its definition. */
interface ZodInternals {
  _zod: { constr: (this: object, def: unknown) => unknown; def: unknown };
}

/**
 * The schema `build` makes, made when it is first read instead of when its module loads.
 *
 * The returned object is the model's one schema for good: on the first read of any of its
 * properties (`Milestone.safeParse`, `'_zod' in Milestone`, zod reading a nested model), the
 * schema is built and made into this very object (zod's constructor runs on it with the built
 * schema's definition, as `clone` does), so it is a plain zod schema from then on, with no
 * indirection on the validation path, and every reference to the model (the exported binding,
 * other models' shapes, the transport's caches) is the same object. Before that it is an empty
 * object whose prototype builds it on any read, `in`, assignment or `instanceof`; only what reads
 * the object's own keys or its prototype directly (`Object.keys`, `Object.getPrototypeOf`) sees
 * that empty object on a model nobody has used yet. `test/sdk/lazy.test.ts` holds these.
 * @internal
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends object>(build: () => T): T {
  let building = false;
  // Runs to its end once: then `schema`'s prototype is zod's, and nothing reaches the proxy again. A build
  // that throws leaves the model as it was, to be built on its next read.
  const materialize = (): void => {
    if (building) throw new Error('a model read itself while it was being built: refer to it in a getter');
    building = true;
    try {
      const built = build() as T & ZodInternals;
      const { constr, def } = built._zod;
      Object.setPrototypeOf(schema, Object.getPrototypeOf(built));
      if (constr.call(schema, def) !== schema) throw new Error('a model must be a zod schema');
    } finally {
      building = false;
    }
  };
  const builder = new Proxy(Object.create(null) as object, {
    get(_, key, receiver) {
      materialize();
      return Reflect.get(schema, key, receiver);
    },
    set(_, key, value, receiver) {
      materialize();
      return Reflect.set(schema, key, value, receiver);
    },
    has(_, key) {
      materialize();
      return key in schema;
    },
    getPrototypeOf() {
      materialize();
      return Object.getPrototypeOf(schema);
    },
  });
  const schema: T = Object.create(builder);
  return schema;
}

/** A resource class the client makes with its shared transport. */
type ResourceClass<R> = new (transport: Transport) => R;

/**
 * Gives `owner` the resources of `resources` as properties made on first access: each is
 * created with `transport` when a program first reads it (`gitlab.projects`), then stays an
 * ordinary property holding that one instance, as if the constructor had assigned it.
 * @internal
 */
export function lazyResources<O extends object>(
  owner: O,
  transport: Transport,
  resources: { [K in keyof O]?: ResourceClass<O[K]> },
): void {
  for (const key of Object.keys(resources) as (keyof O & string)[]) {
    const Class = resources[key] as ResourceClass<O[typeof key]>;
    Object.defineProperty(owner, key, {
      configurable: true,
      enumerable: true,
      get() {
        const value = new Class(transport);
        Object.defineProperty(owner, key, { value, writable: true, enumerable: true, configurable: true });
        return value;
      },
    });
  }
}
