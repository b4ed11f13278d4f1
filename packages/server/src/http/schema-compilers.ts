import { createRequire } from 'node:module';

/**
 * The route schemas' validators (Ajv) and answer serialisers (fast-json-stringify), compiled once per
 * process rather than once per app (docs/decisions/0666). Fastify compiles every route's schemas when
 * an app starts, about two seconds of CPU for Gatehouse's routes; a process that builds several apps
 * (the test suites, which start a gateway per suite; a restart in place) would pay that each time.
 * A compiled function depends only on its schema, the compiler's options and the shared schemas, so it
 * is kept under those, as JSON: two apps whose routes declare equal schemas get the same function.
 * Validators and serialisers are pure (Ajv's `errors` is set and read within one synchronous call).
 */

interface RouteSchema {
  schema: unknown;
}
type Compile = (route: RouteSchema) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

const require = createRequire(import.meta.url);
// Fastify's own compilers (its dependencies, pinned in our package.json), wrapped
const { AjvCompiler } = require('@fastify/ajv-compiler') as { AjvCompiler: () => Factory };
const { SerializerSelector } = require('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => Factory;
};

/** `factory` with every compiled function kept under (shared schemas, options, schema). */
function compiledOnce(factory: Factory): Factory {
  const byConfig = new Map<string, { compile: Compile; done: Map<string, unknown> }>();
  return (externalSchemas, options) => {
    // the options' functions (Ajv's onCreate) are the same for the life of the process: JSON skips them
    const config = JSON.stringify([externalSchemas, options]);
    let entry = byConfig.get(config);
    if (!entry) byConfig.set(config, (entry = { compile: factory(externalSchemas, options), done: new Map() }));
    const { compile, done } = entry;
    return (route) => {
      const key = JSON.stringify(route.schema);
      let fn = done.get(key);
      if (fn === undefined) {
        fn = compile(route);
        done.set(key, fn);
      }
      return fn;
    };
  };
}

/** Fastify's `schemaController.compilersFactory`, the same for every app of the process. */
export const SCHEMA_COMPILERS = {
  buildValidator: compiledOnce(AjvCompiler()),
  buildSerializer: compiledOnce(SerializerSelector()),
};
