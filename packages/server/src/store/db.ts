import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { postgresDialect } from './dialect.js';
import { runMigrations } from './migrate.js';
import { openSqlite } from './sqlite/sqlite-store.js';
import { runPlanned, stoppedOutcome } from './sqlite/planned-write.js';
import type { Store, StoreOptions } from './store.js';
import type { Database } from './tables.js';
import { kyselyHot } from './hot-sql.js';

/** A write ahead (ADR 0616): this transaction's commit does not wait for the server's WAL flush. */
const ASYNC_COMMIT = CompiledQuery.raw('SET LOCAL synchronous_commit = off');

export type { Store, StoreOptions } from './store.js';

// int8 (BIGINT) columns hold minor units and epoch milliseconds: all within the safe-integer range.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`BIGINT ${v} exceeds the safe integer range`);
  return n;
});

export function openStore(options: StoreOptions): Store {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openSqlite(options);
}

/**
 * The name a statement is prepared under on each pooled connection: the fixed statements of the hot
 * paths (ADR 0011) are a handful of texts. Past the bound a text is sent unnamed (parsed every time).
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < 200)
    statementNames.set(text, (name = `gh_w${statementNames.size + 1}`));
  return name;
}

function openPostgres(url: string, poolSize: number): Store {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    dialect: postgresDialect,
    db,
    write: (unit, options) =>
      options?.durable === false
        ? // the server keeps the commit whatever happens to this process; only its own crash could lose it
          db.transaction().execute(async (trx) => {
            await trx.executeQuery(ASYNC_COMMIT);
            return unit(trx, kyselyHot(trx));
          })
        : db.transaction().execute((trx) => unit(trx, kyselyHot(trx))),
    writePlanned: async (write, options) => {
      const durable = options?.durable !== false;
      // One statement is atomic on its own: sent alone, as a named prepared statement, it is one round
      // trip instead of BEGIN, the statement and COMMIT (ADR 0811).
      if (write.length === 1 && durable) {
        const only = write[0]!;
        const r = await pool.query({ name: statementName(only.sql), text: only.sql, values: [...only.parameters] });
        if (only.mustChange && r.rows.length === 0 && !((r.rowCount ?? 0) > 0)) return { done: false, stoppedAt: 0 };
        return { done: true, rows: r.rows as Array<Record<string, unknown>> };
      }
      return db
        .transaction()
        .execute(async (trx) => {
          if (!durable) await trx.executeQuery(ASYNC_COMMIT);
          return runPlanned(trx, write);
        })
        .catch(stoppedOutcome);
    },
    readHot: async <R>(name: string, text: string, values: readonly unknown[]) =>
      (await pool.query({ name, text, values: [...values] })).rows as R[],
    hotRead: {
      all: async <R>(name: string, text: string, values: readonly unknown[]) =>
        (await pool.query({ name, text, values: [...values] })).rows as R[],
      run: async (name: string, text: string, values: readonly unknown[]) =>
        (await pool.query({ name, text, values: [...values] })).rowCount ?? 0,
    },
    migrate: () => runMigrations(db, postgresDialect),
    ping: async () => {
      await sql`SELECT 1`.execute(db);
    },
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}
