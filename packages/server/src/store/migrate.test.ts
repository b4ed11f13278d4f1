import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects, freshPgSchema } from '../../test/dialects.js';
import { openStore, type Store } from './db.js';
import { migrationProvider } from './migrations/index.js';

/**
 * Applying migrations at start: a store already at this build's migrations is left as it is, without
 * Kysely's lock or its look at every schema (docs/decisions/0832); any other store goes through Kysely,
 * which applies what is missing and refuses a store that a newer build has migrated further.
 */
describe.each(dialects())('migrations at start on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const open = async (): Promise<{ store: Store; reopen: () => Store }> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-migrate-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const pg = dialect === 'postgres' ? await freshPgSchema() : undefined;
    if (pg) cleanups.push(() => pg.drop());
    const reopen = () => {
      const s = openStore({ dataDir, databaseUrl: pg?.url });
      cleanups.push(() => s.close());
      return s;
    };
    return { store: reopen(), reopen };
  };

  it('applies every migration of the build once, then none at the next start', async () => {
    const { store, reopen } = await open();
    const all = Object.keys(await migrationProvider(store.dialect).getMigrations());
    expect(await store.migrate()).toHaveLength(all.length);
    expect(await reopen().migrate()).toEqual([]);
  });

  it('refuses to start on a store that a newer build migrated further', async () => {
    const { store, reopen } = await open();
    await store.migrate();
    await store.write((trx) =>
      sql`INSERT INTO ${sql.table(DEFAULT_MIGRATION_TABLE)} (name, timestamp)
          VALUES ('9999_of_a_newer_build', '2026-11-29T00:00:00.000Z')`.execute(trx),
    );
    await expect(reopen().migrate()).rejects.toThrow(/9999_of_a_newer_build/);
  });
});
