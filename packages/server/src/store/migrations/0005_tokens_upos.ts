import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Card tokens (`ccTempToken`, docs/decisions/0322) and DCC conversions: the original amount and currency of a payment charged in the
 * cardholder's currency, with the quoted rate and markup, one row per transaction
 * (docs/decisions/0321). Kept beside `transactions` so the transaction row and its readers stay as
 * they are.
 */
export function tokensUpos(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dcc_conversions')
        .addColumn('transaction_id', 'bigint', (c) => c.primaryKey().references('transactions.id'))
        .addColumn('original_amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('original_currency', 'text', (c) => c.notNull())
        // units of the charged currency per unit of the original, markup included, 6 fraction digits
        .addColumn('rate_with_markup', 'text', (c) => c.notNull())
        .addColumn('markup_percent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      // ccTempToken (ADR 0323): a card of the vault for one payment in one session; no CVV.
      await db.schema
        .createTable('card_tokens')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('session_token', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('card_vault_id', 'bigint', (c) => c.notNull().references('card_vault.id'))
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('exp_month', 'integer', (c) => c.notNull())
        .addColumn('exp_year', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // set by the one payment that uses the token
        .addColumn('used_at', 'bigint')
        .execute();

      // UPOs (ADR 0323, docs/decisions/0323): a stored card (vault reference and masked fields
      // only) or APM of a userTokenId of a site; deleting sets deleted_at.
      await db.schema
        .createTable('user_payment_options')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('user_token_id', 'text', (c) => c.notNull())
        // `cc_card`, or the APM's name
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('card_vault_id', 'bigint', (c) => c.references('card_vault.id'))
        // JSON of an APM's masked account data
        .addColumn('apm_data', 'text')
        .addColumn('masked_number', 'text')
        .addColumn('bin', 'text')
        .addColumn('last4', 'text')
        .addColumn('brand', 'text')
        .addColumn('card_type', 'text')
        .addColumn('exp_month', 'integer')
        .addColumn('exp_year', 'integer')
        .addColumn('holder_name', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('user_payment_options_owner')
        .on('user_payment_options')
        .columns(['site_id', 'user_token_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_payment_options').execute();
      await db.schema.dropTable('card_tokens').execute();
      await db.schema.dropTable('dcc_conversions').execute();
    },
  };
}
