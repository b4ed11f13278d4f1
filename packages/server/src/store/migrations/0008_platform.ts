import type { Kysely, Migration } from 'kysely';

/**
 * The marketplace platform (docs/platform.md, docs/decisions/0700-0704): account owners with their KYC
 * status, payouts, split transactions, the ledger that keeps splits within a payment's settled amount,
 * and the e-mail configurations of docs/platform.md. Platform e-mails are outbox rows of kind `email`.
 */
export function platform(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('platform_account_owners')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('platform_id', 'text', (c) => c.notNull().references('merchants.id'))
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('ext_ref', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('webhook_url', 'text')
        .addColumn('virtual_account_code', 'text', (c) => c.notNull().unique())
        .addColumn('kyc_status', 'text', (c) => c.notNull())
        .addColumn('kyc_reason', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('platform_account_owners_platform')
        .on('platform_account_owners')
        .columns(['platform_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('platform_payouts')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('platform_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('account_owner_code', 'text', (c) => c.notNull().references('platform_account_owners.code'))
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('platform_payouts_platform')
        .on('platform_payouts')
        .columns(['platform_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('platform_splits')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('platform_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text', (c) => c.notNull())
        .addColumn('transaction_type', 'text', (c) => c.notNull())
        .addColumn('ext_ref', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total_minor', 'bigint', (c) => c.notNull())
        .addColumn('splits', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('platform_splits_platform')
        .on('platform_splits')
        .columns(['platform_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('platform_splits_transaction')
        .on('platform_splits')
        .column('transaction_id')
        .execute();

      await db.schema
        .createTable('platform_split_ledgers')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
        .addColumn('consumed_minor', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('platform_email_configurations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('platform_id', 'text', (c) => c.notNull())
        .addColumn('notification_type', 'text', (c) => c.notNull())
        .addColumn('emails', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('platform_email_configurations_platform')
        .on('platform_email_configurations')
        .columns(['platform_id', 'notification_type'])
        .execute();
    },
  };
}
