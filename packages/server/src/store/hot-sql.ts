import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';
import { fixedStatement } from './sqlite/fixed-statement.js';
import type { Database } from './tables.js';

/**
 * Runs the fixed statements of the hot paths (ADR 0011, 0810, 0813): SQL text compiled by Kysely once
 * per dialect, run here with their values, without building a query per call. What runs them depends
 * on where the repository is bound: in a write unit on SQLite, the writer connection's prepared
 * statements, synchronously, inside the unit's transaction; for reads on SQLite, the reading
 * connection's; on PostgreSQL outside a transaction, named prepared statements of the pool; inside one,
 * Kysely's executor on the transaction's connection.
 */
export interface HotSql {
  /** the rows the statement returns */
  all<R>(name: string, sql: string, parameters: readonly unknown[]): Promise<R[]>;
  /** how many rows the statement changed */
  run(name: string, sql: string, parameters: readonly unknown[]): Promise<number>;
}

/** Through Kysely's executor (its connection, its transaction), without its query builder. */
export function kyselyHot(db: Kysely<Database>): HotSql {
  return {
    all: async <R>(_name: string, text: string, parameters: readonly unknown[]) =>
      (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows as R[],
    run: async (_name: string, text: string, parameters: readonly unknown[]) =>
      Number((await db.executeQuery(CompiledQuery.raw(text, [...parameters]))).numAffectedRows ?? 0),
  };
}

const pgNames = new Map<string, string>();
/** A fixed statement's prepared-statement name on PostgreSQL: one per name, under 63 bytes. */
function statementName(name: string): string {
  let n = pgNames.get(name);
  if (n === undefined) pgNames.set(name, (n = `gh_${name.replace(/\W/g, '_')}`.slice(0, 63)));
  return n;
}

/**
 * The rows of the fixed statement `name` (compiled by `compile` once per dialect, ADR 0011) with these
 * values: an insert's columns as a record, or a query's parameters in order. `name` is bound to one
 * text: a statement whose text varies takes a name per form.
 */
export function hotAll<R>(
  hot: HotSql,
  dialect: Dialect,
  name: string,
  values: Record<string, unknown> | readonly unknown[],
  compile: () => CompiledQuery,
): Promise<R[]> {
  const s = fixedStatement(name, dialect, values, compile);
  return hot.all<R>(statementName(name), s.sql, s.parameters);
}

/** As `hotAll`, answering how many rows the statement changed. */
export function hotRun(
  hot: HotSql,
  dialect: Dialect,
  name: string,
  values: Record<string, unknown> | readonly unknown[],
  compile: () => CompiledQuery,
): Promise<number> {
  const s = fixedStatement(name, dialect, values, compile);
  return hot.run(statementName(name), s.sql, s.parameters);
}
