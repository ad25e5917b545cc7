// @ts-check
/**
 * A typedoc plugin for this repository. The models' types are inferred from zod
 * schemas (`type Milestone = z.infer<typeof Milestone>`, shown as interfaces through
 * `@interface`); their fields are the keys of an object literal, whose values
 * (`z.string()`, `DateTimeString`) typedoc would otherwise show as default values.
 */
import { Converter, ReflectionKind, TypeScript as ts } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Property)) {
      const declarations = context.getSymbolFromReflection(reflection)?.getDeclarations() ?? [];
      if (declarations.some(ts.isPropertyAssignment)) delete reflection.defaultValue;
    }
  });
}
