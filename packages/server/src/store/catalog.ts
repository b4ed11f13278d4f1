import { type Kysely, sql } from 'kysely';
import type { Dialect } from './dialect.js';
import type { Database } from './tables.js';

/**
 * The tables of the connection's own schema: on PostgreSQL `current_schema()` alone, on SQLite the
 * main file. Never another schema's: a database may hold other deployments or applications, and a
 * look at every schema (Kysely's introspector) both misreads them as ours and fails when one is
 * dropped meanwhile (ADR 0832).
 */
export async function ownTables(db: Kysely<Database>, dialect: Dialect): Promise<Set<string>> {
  const rows =
    dialect.name === 'postgres'
      ? await sql<{ name: string }>`SELECT relname AS name FROM pg_catalog.pg_class
          WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')`.execute(db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master
          WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}
