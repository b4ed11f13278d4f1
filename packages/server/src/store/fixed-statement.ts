import { CompiledQuery } from 'kysely';
import type { Dialect } from './dialect.js';

const texts = new Map<string, string>();

/**
 * A statement that runs on every request of a hot path (the order insert) is built and compiled by
 * Kysely once per dialect; later calls reuse its SQL text with the new values (ADR 0011). `values`
 * must name every column (never `undefined`, which Kysely would leave out), so the text never changes;
 * the first compile checks that its parameters are the values in order, and the text is never cached
 * when they are not.
 */
export function fixedStatement(
  name: string,
  dialect: Dialect,
  values: Record<string, unknown>,
  compile: () => CompiledQuery,
): CompiledQuery {
  const parameters = Object.values(values).map((v) => v ?? null);
  const key = `${dialect.name}:${name}`;
  const text = texts.get(key);
  if (text !== undefined) return CompiledQuery.raw(text, parameters);
  const compiled = compile();
  const same =
    compiled.parameters.length === parameters.length && compiled.parameters.every((p, i) => p === parameters[i]);
  if (same) texts.set(key, compiled.sql);
  return compiled;
}
