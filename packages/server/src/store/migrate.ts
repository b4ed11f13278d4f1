import { setTimeout as pause } from 'node:timers/promises';
import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator, sql } from 'kysely';
import { ownTables } from './catalog.js';
import type { Dialect } from './dialect.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './tables.js';

/** Applies the pending migrations; answers the names of those it applied. */
export async function runMigrations(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  // A store already at exactly this build's migrations (every start of a second node or a worker)
  // needs neither Kysely's lock nor its look at every schema
  const wanted = await wantedMigrations(dialect);
  const applied = await appliedMigrations(db, dialect);
  if (applied && applied.size === wanted.length && wanted.every((name) => applied.has(name))) return [];
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
    // Kysely looks at every schema's tables; one dropped or altered meanwhile (another deployment's,
    // another test suite's) fails that look ("schema … does not exist", "relation … does not exist",
    // "column … does not exist"): look again, a few times
    if (error && attempt < 8 && otherSchemaChanged(error, migrationTableSchema)) {
      await pause(50 * attempt); // the other schema's change (a drop, a migration) is done by then
      continue;
    }
    if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`, { cause: error });
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}

/**
 * An error of Kysely's look at every schema's tables (its introspector, not one of our migrations)
 * that says another schema changed under it: a schema, table or column gone (invalid_schema_name,
 * undefined_table, undefined_column) and not one of our own schema's.
 */
function otherSchemaChanged(error: unknown, own: string | undefined): boolean {
  const e = error as { code?: unknown; message?: unknown; stack?: unknown };
  if (own === undefined || !['3F000', '42P01', '42703'].includes(String(e?.code))) return false;
  if (String(e.message).includes(`"${own}"`)) return false;
  return e.code === '3F000' || String(e.stack).includes('Introspector');
}

/**
 * Whether every migration of this build is applied, read from the migration table of the connection's
 * own schema alone. Readiness asks this at every probe: Kysely's `getMigrations` looks at every
 * schema's tables first, which costs a catalog scan and fails when another schema changes meanwhile.
 */
export async function migrationState(db: Kysely<Database>, dialect: Dialect): Promise<'done' | 'pending'> {
  const applied = await appliedMigrations(db, dialect);
  if (!applied) return 'pending';
  return (await wantedMigrations(dialect)).every((name) => applied.has(name)) ? 'done' : 'pending';
}

/** The names of the migrations recorded in the own schema's migration table; none when it has none. */
async function appliedMigrations(db: Kysely<Database>, dialect: Dialect): Promise<Set<string> | undefined> {
  if (!(await ownTables(db, dialect)).has(DEFAULT_MIGRATION_TABLE)) return undefined;
  const rows = await sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

/** The names of this build's migrations. */
async function wantedMigrations(dialect: Dialect): Promise<string[]> {
  return Object.keys(await migrationProvider(dialect).getMigrations());
}
