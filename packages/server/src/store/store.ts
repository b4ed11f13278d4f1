/** The store's contract, apart from the engines that implement it (db.ts: PostgreSQL; sqlite/: the embedded file). */
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';
import type { WriteUnit } from './sqlite/group-commit.js';
import type { PlannedOutcome, PlannedWrite } from './sqlite/planned-write.js';
import type { Database } from './tables.js';
import type { HotSql } from './hot-sql.js';

export interface StoreOptions {
  /** postgres://… ; absent = SQLite file `gatehouse.sqlite` in `dataDir` */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** FULL: a commit is acknowledged once the WAL is on disk (ADR 0012); NORMAL: without waiting for it */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** PostgreSQL pool size */
  poolSize?: number;
  /** SQLite: the WAL's length in frames past which writers start it over (default 16384, 64 MiB) */
  walRestartFrames?: number;
  /** SQLite: how often the background thread copies the WAL into the database file (default 25 ms) */
  checkpointIntervalMs?: number;
}

export interface WriteOptions {
  durable?: boolean;
}

/**
 * The store: `db` for reads, `write(unit)` for a durable transaction (group-committed on SQLite,
 * one transaction per unit on PostgreSQL, where the server shares WAL flushes itself).
 */
export interface Store {
  readonly dialect: Dialect;
  readonly db: Kysely<Database>;
  /** `durable: false`: answered once committed, before the commit is known on disk (ADR 0616) */
  write<T>(unit: WriteUnit<T>, options?: WriteOptions): Promise<T>;
  /**
   * A durable write whose statements are known in advance, sent as data (ADR 0013); `durable: false`
   * writes it ahead, as `write` does (ADR 0616, 0817).
   */
  writePlanned(write: PlannedWrite, options?: WriteOptions): Promise<PlannedOutcome>;
  /**
   * A hot read (ADR 0810): SQL text compiled once by Kysely, run off its executor on a statement
   * prepared once, on SQLite synchronously on the reading connection, on PostgreSQL as the named
   * prepared statement `name` (parsed once per pooled connection), in one round trip.
   */
  readHot<R>(name: string, sql: string, parameters: readonly unknown[]): Promise<R[]>;
  /** the fixed statements of reads outside a write (ADR 0813): as `readHot`, `run` included */
  readonly hotRead: HotSql;
  migrate(): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** the SQLite file, when embedded */
  readonly file?: string;
  /** PostgreSQL connection pool use (metrics); absent on SQLite */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}
