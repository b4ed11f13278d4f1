import type { Kysely, Migration } from 'kysely';

/**
 * Operator credentials (docs/decisions/0824): the admin API's credential distinct from every merchant
 * key, made by `gatehouse operators create`, kept as the SHA-256 of its secret, revocable.
 */
export function operatorCredentials(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_credentials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_credentials').execute();
    },
  };
}
