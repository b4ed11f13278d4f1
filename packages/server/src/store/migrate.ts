import { type Kysely, Migrator, sql } from 'kysely';
import type { Dialect } from './dialect.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './tables.js';

/** Applies the pending migrations; answers the names of those it applied. */
export async function runMigrations(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which: name the connection's
  // own schema, so a database holding other schemas (other deployments, test schemas) is not misread.
  const migrationTableSchema =
    dialect.name === 'postgres'
      ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialect),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`, { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
