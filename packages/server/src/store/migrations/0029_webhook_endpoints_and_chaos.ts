import type { Kysely, Migration } from 'kysely';

/**
 * Several webhook endpoints per site, each with its event filter and its own secret
 * (docs/decisions/0921), and a site's delivery chaos settings (sandbox, docs/decisions/0922).
 */
export function webhookEndpointsAndChaos(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        // a JSON array of event types (`transaction.approved`, `transaction.*`, `*`)
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        // the secret before the last rotation, signing beside the new one until `previous_expires_at`
        .addColumn('previous_secret_sealed', 'text')
        .addColumn('previous_expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_site')
        .on('webhook_endpoints')
        .columns(['site_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('delivery_chaos')
        .addColumn('site_id', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        // JSON: { drop, delay, delayMs, duplicate, reorder, reorderMs }, rates from 0 to 1
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('delivery_chaos').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
