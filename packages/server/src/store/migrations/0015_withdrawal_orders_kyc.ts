import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Withdrawal orders, net-deposit movements, KYC records and bank accounts (
 * docs/decisions/0130-0132): an order is the merchant's instruction to pay part or all of a
 * withdrawal request out (Approved → Settled by a payout, or Deleted); a movement is a manual
 * correction of a user's net deposits; a KYC record is a user's eKYC or document check with a status
 * the sandbox moves; a bank account is an account a user enrolled for an APM (number kept masked).
 */
export function withdrawalOrdersKyc(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('withdrawal_orders')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('wd_request_id', 'bigint', (c) => c.notNull().references('withdrawal_requests.id'))
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        .addColumn('upo_id', 'bigint', (c) => c.notNull().references('user_payment_options.id'))
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('settlement_type', 'integer', (c) => c.notNull())
        // Approved, Processing, Settled, Deleted, Error
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payout_transaction_id', 'bigint', (c) => c.references('transactions.id'))
        .addColumn('execution_time', 'text')
        .addColumn('comment', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('withdrawal_orders_request')
        .on('withdrawal_orders')
        .columns(['wd_request_id'])
        .execute();
      await db.schema.createIndex('withdrawal_orders_site').on('withdrawal_orders').columns(['site_id']).execute();

      await db.schema
        .createTable('net_deposit_movements')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        .addColumn('upo_id', 'bigint', (c) => c.notNull().references('user_payment_options.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('movement_type', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('net_deposit_movements_owner')
        .on('net_deposit_movements')
        .columns(['site_id', 'user_token_id', 'upo_id'])
        .execute();

      await db.schema
        .createTable('kyc_records')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        // eKYC or document
        .addColumn('kind', 'text', (c) => c.notNull())
        // Pending, Approved, Declined
        .addColumn('status', 'text', (c) => c.notNull())
        // the document upload page's one-time key (kind document)
        .addColumn('upload_key', 'text')
        // JSON of the details as sent (no identification numbers beyond what the merchant sent)
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('kyc_records_owner')
        .on('kyc_records')
        .columns(['site_id', 'user_token_id'])
        .execute();
      await db.schema
        .createIndex('kyc_records_upload_key')
        .unique()
        .on('kyc_records')
        .columns(['upload_key'])
        .execute();

      await db.schema
        .createTable('bank_accounts')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text')
        // the last 4 digits only
        .addColumn('account_last4', 'text')
        .addColumn('routing_number', 'text')
        // Enrolled; Funded once fundAccount ran
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('funded_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bank_accounts_owner')
        .unique()
        .on('bank_accounts')
        .columns(['site_id', 'user_token_id', 'payment_method'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bank_accounts').execute();
      await db.schema.dropTable('kyc_records').execute();
      await db.schema.dropTable('net_deposit_movements').execute();
      await db.schema.dropTable('withdrawal_orders').execute();
    },
  };
}
