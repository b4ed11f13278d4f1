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
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    // Kysely looks at every schema's tables; one dropped meanwhile (another deployment's, another test
    // suite's) fails that look with "schema … does not exist": look again, a few times
    if (error && attempt < 5 && otherSchemaGone(error, migrationTableSchema)) continue;
    if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`, { cause: error });
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}

/** PostgreSQL's invalid_schema_name about a schema other than ours. */
function otherSchemaGone(error: unknown, own: string | undefined): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === '3F000' && own !== undefined && !String(e.message).includes(`"${own}"`);
}
