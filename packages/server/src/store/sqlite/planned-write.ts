import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../tables.js';

/** One statement of a planned write: SQL compiled for the store's dialect, and its values. */
export interface PlannedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  /** the write stops here, rolled back whole, when this statement changes (or returns) no row */
  readonly mustChange?: boolean;
}

/**
 * A write whose statements are all known before it runs: none of them depends on what an earlier one
 * read. It travels to the store as data, so the embedded store runs it on its writer thread in one
 * round trip (ADR 0013), and PostgreSQL in one transaction.
 */
export type PlannedWrite = readonly PlannedStatement[];

/**
 * `done`: every statement ran and is committed; `rows` are those the last statement returned.
 * Otherwise the statement at `stoppedAt` changed nothing and the write was rolled back whole.
 */
export type PlannedOutcome = { done: true; rows: Array<Record<string, unknown>> } | { done: false; stoppedAt: number };

/** Thrown inside a transaction to roll a planned write back when a guard stops it. */
export class PlannedStop extends Error {
  constructor(readonly at: number) {
    super(`planned write stopped at statement ${at}`);
  }
}

/** Runs a planned write on a Kysely transaction (PostgreSQL, or the embedded store's tests). */
export async function runPlanned(trx: Kysely<Database>, write: PlannedWrite): Promise<PlannedOutcome> {
  let rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < write.length; i++) {
    const statement = write[i]!;
    const result = await trx.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(statement.sql, [...statement.parameters]),
    );
    rows = result.rows;
    if (statement.mustChange && rows.length === 0 && !(Number(result.numAffectedRows ?? 0) > 0)) {
      throw new PlannedStop(i);
    }
  }
  return { done: true, rows };
}

/** The outcome of a planned write whose transaction ended with `err`, when a guard stopped it. */
export function stoppedOutcome(err: unknown): PlannedOutcome {
  if (err instanceof PlannedStop) return { done: false, stoppedAt: err.at };
  throw err;
}
