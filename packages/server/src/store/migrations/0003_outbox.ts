import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The notification outbox (webhooks and DMNs), the record of every delivery attempt, and the
 * per-site webhook signing secrets (docs/notifications.md; docs/decisions/0201, 0202).
 */
export function outbox(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // 'webhook' | 'dmn'
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'bigint')
        .addColumn('session_id', 'text')
        .addColumn('transaction_id', 'text')
        .addColumn('target_url', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        // the body as sent: JSON (webhook) or form parameters without the checksum (DMN)
        .addColumn('payload', 'text', (c) => c.notNull())
        // 'pending' | 'delivering' | 'delivered' | 'failed' (schedule exhausted)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // attempts made before the current retry schedule began (a resend starts a new one)
        .addColumn('retry_base', 'integer', (c) => c.notNull().defaultTo(0))
        // when the row is next due; while leased, the end of the lease
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'run_at']).execute();
      await db.schema.createIndex('outbox_order').on('outbox').column('order_id').execute();
      await db.schema.createIndex('outbox_session').on('outbox').column('session_id').execute();
      await db.schema.createIndex('outbox_transaction').on('outbox').column('transaction_id').execute();
      await db.schema.createIndex('outbox_merchant').on('outbox').columns(['merchant_id', 'created_at']).execute();

      await db.schema
        .createTable('delivery_attempts')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('outbox_id', 'text', (c) => c.notNull().references('outbox.id'))
        .addColumn('attempt_no', 'integer', (c) => c.notNull())
        .addColumn('relay_id', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        // null while the attempt is in flight
        .addColumn('finished_at', 'bigint')
        .addColumn('status_code', 'integer')
        .addColumn('latency_ms', 'integer')
        .addColumn('error', 'text')
        .addColumn('response_excerpt', 'text')
        .addUniqueConstraint('delivery_attempts_no', ['outbox_id', 'attempt_no'])
        .execute();

      await db.schema
        .createTable('site_webhook_secrets')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id'))
        // `whsec_…`, AES-256-GCM sealed for its own purpose
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // null while current; after a rotation, the end of the 24-hour overlap
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema.createIndex('site_webhook_secrets_site').on('site_webhook_secrets').column('site_id').execute();
    },
  };
}
