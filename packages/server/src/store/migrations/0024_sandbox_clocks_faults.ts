import type { Kysely, Migration } from 'kysely';

/**
 * Test clocks and acquirer faults (docs/decisions/0940, 0941): sandbox settings kept in the store so
 * that every instance on it reads the same. A merchant's clock is its offset from the real time; a
 * site's fault is what the simulated acquirer does to that site's calls.
 */
export function sandboxClocksFaults(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_clocks')
        .addColumn('merchant_id', 'text', (c) => c.primaryKey())
        .addColumn('offset_ms', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_faults')
        .addColumn('site_id', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('ms', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sandbox_faults').execute();
      await db.schema.dropTable('sandbox_clocks').execute();
    },
  };
}
