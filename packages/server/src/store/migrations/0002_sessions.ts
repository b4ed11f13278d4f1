import type { Kysely, Migration } from 'kysely';

/** Session API sessions (one order per token, idle expiry, decline count) and used clientRequestIds. */
export function sessions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id'))
        // At most one order per session, and one session per order.
        .addColumn('order_id', 'bigint', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('expired_at', 'bigint')
        .addColumn('decline_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('decline_limit', 'integer')
        .addColumn('user_token_id', 'text')
        .addColumn('client_request_id', 'text')
        .execute();
      await db.schema.createIndex('sessions_site').on('sessions').column('site_id').execute();

      await db.schema
        .createTable('client_request_ids')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id'))
        .addColumn('client_request_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('client_request_ids_pk', ['site_id', 'client_request_id'])
        .execute();
    },
  };
}
