import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Withdrawal requests (docs/withdrawals.md, docs/decisions/0503): one row per request with its status,
 * the UPO it pays to and the payout transaction that paid it; and per user of a site the count of
 * open requests, raised and lowered with conditional updates so `wdRequestsLimit` holds under
 * concurrent submissions on either store.
 */
export function withdrawals(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('withdrawal_requests')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('user_account_id', 'text')
        .addColumn('merchant_wd_request_id', 'text')
        .addColumn('merchant_unique_id', 'text')
        .addColumn('upo_id', 'bigint', (c) => c.notNull().references('user_payment_options.id'))
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('approved_amount_minor', 'bigint')
        // Pending, Processing, Approved, Partially Approved, Declined, Canceled, Error
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payout_transaction_id', 'bigint', (c) => c.references('transactions.id'))
        // JSON of userDetails and of customField1..15, as sent
        .addColumn('user_details', 'text')
        .addColumn('custom_fields', 'text')
        .addColumn('notification_url', 'text')
        .addColumn('operator_name', 'text')
        .addColumn('comment', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('withdrawal_requests_owner')
        .on('withdrawal_requests')
        .columns(['site_id', 'user_token_id'])
        .execute();
      await db.schema.createIndex('withdrawal_requests_status').on('withdrawal_requests').columns(['status']).execute();
      // NULLs are distinct on both stores: only given ids must be unique within a site.
      await db.schema
        .createIndex('withdrawal_requests_merchant_wd_request_id')
        .unique()
        .on('withdrawal_requests')
        .columns(['site_id', 'merchant_wd_request_id'])
        .execute();
      await db.schema
        .createIndex('withdrawal_requests_merchant_unique_id')
        .unique()
        .on('withdrawal_requests')
        .columns(['site_id', 'merchant_unique_id'])
        .execute();

      await db.schema
        .createTable('withdrawal_users')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('withdrawal_users_pk', ['site_id', 'user_token_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('withdrawal_users').execute();
      await db.schema.dropTable('withdrawal_requests').execute();
    },
  };
}
