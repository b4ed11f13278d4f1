import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Merchants, sites, processing entities, API keys, orders and idempotency records. */
export function foundation(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('merchants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_key_sealed', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sites_merchant').on('sites').column('merchant_id').execute();

      await db.schema
        .createTable('processing_entities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
        .addColumn('parent_id', 'text', (c) => c.references('processing_entities.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('entities_parent').on('processing_entities').column('parent_id').execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('entity_id', 'text', (c) => c.notNull().references('processing_entities.id'))
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_entity').on('api_keys').columns(['entity_id', 'type']).execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', dialect.autoIncrementType, (c) =>
          dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('session_id', 'text', (c) => c.notNull().unique())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        // REST orders belong to a processing entity; session API orders to a site only.
        .addColumn('entity_id', 'text')
        .addColumn('interface', 'text', (c) => c.notNull().defaultTo('rest'))
        .addColumn('merchant_transaction_id', 'text')
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('transaction_type', 'text')
        .addColumn('open_amount_min_minor', 'bigint')
        .addColumn('open_amount_max_minor', 'bigint')
        .addColumn('permitted_operations', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text')
        .addColumn('webhook_url', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('session_expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('orders_entity_mtid')
        .on('orders')
        .columns(['entity_id', 'merchant_transaction_id'])
        .execute();
      if (dialect.name === 'sqlite') {
        // Numeric order ids look like the real gateway's: start well above zero.
        await sql`INSERT INTO sqlite_sequence (name, seq) VALUES ('orders', 100000000)`.execute(db);
      } else {
        await sql`ALTER SEQUENCE orders_id_seq RESTART WITH 100000001`.execute(db);
      }

      await db.schema
        .createTable('idempotency_records')
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_records_pk', ['entity_id', 'scope', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_expiry').on('idempotency_records').column('expires_at').execute();
    },
  };
}
