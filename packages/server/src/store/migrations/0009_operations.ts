import type { Kysely, Migration } from 'kysely';

/**
 * Operations: `store_settings`, values the store keeps about itself. The first is
 * `master_key_check`, a MAC of a fixed text under the master key, written at the first start so a
 * later start with another key is refused before it serves anything (docs/decisions/0801).
 */
export function operations(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('store_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('store_settings').execute();
    },
  };
}
