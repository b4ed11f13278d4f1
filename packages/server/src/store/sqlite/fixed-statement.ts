import type { CompiledQuery } from 'kysely';
import type { Dialect } from '../dialect.js';

/** SQL texts by dialect and statement name: two lookups of constant strings, no key built per call */
const texts = new Map<string, Map<string, string>>();
/** names whose compiled parameters were not their values in order: compiled on every call (a bug) */
const mismatched = new Set<string>();

/** SQL text and its values: what a planned write sends, and `CompiledQuery.raw` runs elsewhere. */
export interface FixedStatement {
  readonly sql: string;
  readonly parameters: unknown[];
}

/**
 * A statement that runs on every request of a hot path (the order insert) is built and compiled by
 * Kysely once per dialect; later calls reuse its SQL text with the new values (ADR 0011). `values`
 * must name every column (never `undefined`, which Kysely would leave out), so the text never changes;
 * the first compile checks that its parameters are the values in order, and the text is never cached
 * when they are not. The values travel as a plain array: no Kysely query (id, frozen node and
 * parameters) is built per call, and a frozen array would take the structured clone's slow path on
 * its way to the writer thread. `values` is a record (an insert: every column, in order) or the
 * statement's parameters in order (a query with conditions, ADR 0813).
 */
export function fixedStatement(
  name: string,
  dialect: Dialect,
  values: Record<string, unknown> | readonly unknown[],
  compile: () => CompiledQuery,
): FixedStatement {
  const parameters: unknown[] = [];
  if (Array.isArray(values)) for (const v of values as readonly unknown[]) parameters.push(v ?? null);
  else for (const column in values) parameters.push((values as Record<string, unknown>)[column] ?? null);
  let ofDialect = texts.get(dialect.name);
  if (ofDialect === undefined) texts.set(dialect.name, (ofDialect = new Map()));
  const text = ofDialect.get(name);
  if (text !== undefined) return { sql: text, parameters };
  const compiled = compile();
  const same =
    compiled.parameters.length === parameters.length && compiled.parameters.every((p, i) => p === parameters[i]);
  if (same) ofDialect.set(name, compiled.sql);
  else mismatched.add(`${dialect.name}:${name}`);
  return { sql: compiled.sql, parameters: [...compiled.parameters] };
}

/** The fixed statements compiled anew on every call because their values were not in order (tests). */
export function mismatchedStatements(): string[] {
  return [...mismatched];
}
