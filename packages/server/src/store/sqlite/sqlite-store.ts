import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import { sqliteDialect } from '../dialect.js';
import { runMigrations } from '../migrate.js';
import type { Store, StoreOptions } from '../store.js';
import type { Database } from '../tables.js';
import type { HotSql } from '../hot-sql.js';
import { Checkpointer } from './checkpointer.js';
import { GroupCommitter } from './group-commit.js';
import { rowsOf } from './statement-rows.js';
import { WalSync } from './wal-sync.js';
import { WriterThread } from './writer-thread.js';

/** How long a statement waits for another connection's lock (a CLI command beside the server). */
const BUSY_TIMEOUT_MS = 5000;
/**
 * How long migrations wait for the write lock: another process may be applying them (two processes
 * starting on a fresh folder, `gatehouse migrate` beside a starting server), and a migration may take
 * far longer than a request's write.
 */
const MIGRATION_LOCK_WAIT_MS = 10 * 60 * 1000;

/**
 * Every connection to the embedded file, the writer thread's included. Commits never fsync on the
 * event loop: the WAL is synced off it before an acknowledgement (WalSync), and copied back into the
 * database file by the Checkpointer's thread (ADR 0012).
 */
const CONNECTION_PRAGMAS = [
  // First: switching a fresh file to WAL takes a lock that another process opening it may hold.
  `busy_timeout = ${BUSY_TIMEOUT_MS}`,
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'wal_autocheckpoint = 0',
  // A WAL that grew past this under a burst is cut back to it when it starts over.
  'journal_size_limit = 67108864',
  'foreign_keys = ON',
] as const;

/** 64 MiB of 4 KiB pages: past this the Checkpointer catches up until the WAL starts over (ADR 0012 amended). */
const WAL_RESTART_FRAMES = 16_384;
/**
 * Short: each pass copies and syncs a few milliseconds of writes. A long interval lets a pass build up
 * megabytes of unsynced pages, and the writer thread's fsync then waits behind their flush.
 */
const CHECKPOINT_INTERVAL_MS = 25;

/** The embedded store: one SQLite file in `dataDir`, written through the group committer (ADR 0012). */
export function openSqlite(options: StoreOptions): Store {
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'gatehouse.sqlite');
  const open = (readonly: boolean) => {
    const conn = new SqliteDatabase(file);
    for (const pragma of CONNECTION_PRAGMAS) conn.pragma(pragma);
    if (readonly) conn.pragma('query_only = ON');
    return conn;
  };
  const writerConn = open(false);
  const readerConn = open(true);
  const wal = new WalSync(file);
  // Started by the first write: a process that only reads (most CLI commands) needs no thread.
  let checkpointer: Checkpointer | undefined;
  const durable = (options.sqliteSynchronous ?? 'FULL') === 'FULL' ? () => wal.sync() : async () => {};
  const writerStatements = cachingStatements(writerConn);
  const writer = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: writerStatements.config }),
  });
  // A write unit's fixed statements run on the writer connection, inside the batch's transaction that
  // holds it: Kysely's SQLite connection is this same synchronous handle (ADR 0813).
  const writerHot = directHot((text) => writerStatements.prepare(text));
  const readerStatements = cachingStatements(readerConn);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: readerStatements.config }) });
  const hot = new Map<string, SqliteDatabase.Statement>();
  const walRestartFrames = options.walRestartFrames ?? WAL_RESTART_FRAMES;
  // The writer thread's COMMIT syncs the WAL itself (off the event loop): FULL, unless told otherwise.
  // Its own checkpoint is the fallback for a Checkpointer that cannot catch up: past twice the
  // threshold, its COMMIT copies what is left so that the next transaction starts the WAL over.
  const thread = new WriterThread(file, [
    ...CONNECTION_PRAGMAS.filter((p) => !p.startsWith('synchronous') && !p.startsWith('wal_autocheckpoint')),
    `synchronous = ${options.sqliteSynchronous ?? 'FULL'}`,
    `wal_autocheckpoint = ${2 * walRestartFrames}`,
    // Each planned write of a batch runs in a savepoint, whose statement journal SQLite spills to a temp
    // file past 64 KiB: a file made, written, read and deleted per batch. In memory instead (ADR 0670);
    // a batch's planned writes are small, and no migration or bulk statement runs on this connection.
    'temp_store = MEMORY',
  ]);
  const committer = new GroupCommitter(
    writer,
    256,
    durable,
    (writes, durable) => thread.run(writes, durable),
    () => thread.collect(),
    () => writerHot,
  );
  const started = () => {
    // Past the threshold it catches up; its RESTART, past four times, is the last resort.
    checkpointer ??= new Checkpointer(
      file,
      options.checkpointIntervalMs ?? CHECKPOINT_INTERVAL_MS,
      walRestartFrames,
      4 * walRestartFrames,
    );
  };
  return {
    dialect: sqliteDialect,
    db,
    file,
    write: (unit, options) => {
      started();
      return committer.submit(unit, options?.durable ?? true);
    },
    writePlanned: (write, options) => {
      started();
      return committer.submitPlanned(write, options?.durable ?? true);
    },
    readHot: <R>(name: string, text: string, parameters: readonly unknown[]) => {
      let stmt = hot.get(name);
      if (stmt?.source !== text) hot.set(name, (stmt = readerConn.prepare(text)));
      try {
        return Promise.resolve(stmt.all(...parameters) as R[]);
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    hotRead: directHot((text) => readerStatements.prepare(text)),
    migrate: async () => {
      const applied = await holdingWriteLock(writerConn, async () => {
        const done = await runMigrations(writer, sqliteDialect);
        gatherStatistics(writerConn);
        return done;
      });
      reloadStatistics(readerConn);
      await durable();
      return applied;
    },
    ping: async () => {
      await sql`SELECT 1`.execute(db);
    },
    close: async () => {
      await thread.close();
      await checkpointer?.close();
      await wal.close();
      await writer.destroy();
      await db.destroy();
    },
  };
}

/**
 * Fixed statements run synchronously on a connection's prepared statements: no query built, no promise
 * chain of Kysely's executor. Each runs whole before it returns, so a cached statement is never in use
 * twice, and on the writer connection it runs inside whatever transaction that connection holds.
 */
function directHot(prepare: (text: string) => SqliteDatabase.Statement): HotSql {
  return {
    all: <R>(_name: string, text: string, parameters: readonly unknown[]) => {
      try {
        return Promise.resolve(rowsOf(prepare(text), parameters) as R[]);
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    run: (_name: string, text: string, parameters: readonly unknown[]) => {
      try {
        return Promise.resolve(prepare(text).run(...parameters).changes);
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
  };
}

/**
 * Kysely prepares every query anew; preparing costs more than running the short statements of a
 * request. This keeps each connection's prepared statements by SQL text. Kysely runs one query at a time
 * per connection and reads every result whole (`all`/`run`), so a cached statement is never in use twice.
 */
function cachingStatements(conn: SqliteDatabase.Database): CachingStatements {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const cache = {
    close: () => conn.close(),
    prepare(text: string) {
      let stmt = statements.get(text);
      if (!stmt) {
        if (statements.size >= 2000) statements.clear();
        stmt = conn.prepare(text);
        statements.set(text, stmt);
      }
      return stmt;
    },
  };
  return { config: cache as SqliteDialectConfig['database'], prepare: cache.prepare };
}

interface CachingStatements {
  /** for Kysely's dialect */
  config: SqliteDialectConfig['database'];
  prepare(text: string): SqliteDatabase.Statement;
}

/**
 * The planner's statistics, as SQLite advises at each start (`PRAGMA optimize=0x10002`): tables never
 * analysed or much grown since are analysed, each from a bounded sample (`analysis_limit`), about a
 * second for a million rows. Without them a range filter of the transaction search (an amount, a date)
 * looks selective whatever it matches, and a plan may sort most of a merchant's rows (docs/decisions/1032).
 * Run while the migrations hold the write lock, so it waits for no other process.
 */
function gatherStatistics(writer: SqliteDatabase.Database): void {
  writer.pragma('analysis_limit = 1000');
  writer.pragma('optimize = 0x10002');
}

/**
 * Another connection loads statistics only with the schema: the reader is told to read them again
 * once they are committed (`ANALYZE sqlite_schema` writes nothing, but `query_only` refuses any ANALYZE).
 */
function reloadStatistics(reader: SqliteDatabase.Database): void {
  reader.pragma('query_only = OFF');
  try {
    reader.exec('ANALYZE sqlite_schema');
  } finally {
    reader.pragma('query_only = ON');
  }
}

/**
 * Kysely takes no lock and no transaction for SQLite migrations, so two processes opening a fresh
 * store at once (the server and a CLI command) would both apply them and one would fail ("table
 * already exists"). Holding SQLite's write lock from start to end runs them one after the other; a
 * failed migration rolls back whole. The lock is awaited for up to MIGRATION_LOCK_WAIT_MS, not the
 * busy timeout of a request: the holder may be another process's migrations, slow on a loaded machine.
 */
async function holdingWriteLock<T>(conn: SqliteDatabase.Database, fn: () => Promise<T>): Promise<T> {
  conn.pragma(`busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
  try {
    conn.exec('BEGIN IMMEDIATE');
  } finally {
    conn.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
  try {
    const result = await fn();
    conn.exec('COMMIT');
    return result;
  } catch (err) {
    if (conn.inTransaction) conn.exec('ROLLBACK');
    throw err;
  }
}

/**
 * Write transactions start with `BEGIN IMMEDIATE`: they take SQLite's write lock at once, waiting up to
 * `busy_timeout` for another process (a CLI command beside the server) to finish. A deferred `BEGIN`
 * that reads first and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another connection
 * committed in between, and the busy timeout cannot help it.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
