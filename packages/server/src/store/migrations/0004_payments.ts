import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Transactions (ADR 0301) and the card vault (ADR 0323). A transaction id is numeric,
 * from the store's sequence, and shown as a string. Running totals on an authorisation (`settled_minor`)
 * and on a sale or settle (`refunded_minor`) are changed only by conditional updates, so concurrent
 * follow-ups can never exceed the amount they draw on (docs/decisions/0302).
 */
export function payments(dialect: Dialect): Migration {
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect.name === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('card_vault')
        .addColumn('id', dialect.autoIncrementType, autoId)
        // HMAC-SHA-256 of the number under a key derived from the master key: finds the same card again
        .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
        // the card number, AES-256-GCM sealed for the purpose `card.number`; a CVV is never stored
        .addColumn('number_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('transactions')
        .addColumn('id', dialect.autoIncrementType, autoId)
        .addColumn('merchant_id', 'text', (c) => c.notNull())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        // `rest` or `session`
        .addColumn('interface', 'text', (c) => c.notNull())
        .addColumn('order_id', 'bigint')
        // the REST order's sessionId or the session API's sessionToken
        .addColumn('session_id', 'text')
        // Auth, PreAuth, Sale, Settle, Void, Refund, InitAuth3D ...
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('related_transaction_id', 'bigint')
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        // the amount asked for, when a partial approval approved less
        .addColumn('requested_amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        // pending → approved | declined | error
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('partial_approval', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('auth_code', 'text')
        .addColumn('cvv2_code', 'text')
        .addColumn('avs_code', 'text')
        .addColumn('external_transaction_id', 'text')
        .addColumn('card_vault_id', 'bigint', (c) => c.references('card_vault.id'))
        // JSON: masked number, bin, last4, brand, type, expiry, holder, issuer country (never the number)
        .addColumn('card', 'text')
        .addColumn('three_d', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_reason', 'text')
        .addColumn('client_unique_id', 'text')
        .addColumn('client_request_id', 'text')
        .addColumn('merchant_transaction_id', 'text')
        .addColumn('product_id', 'text')
        .addColumn('user_token_id', 'text')
        .addColumn('webhook_url', 'text')
        .addColumn('notification_url', 'text')
        // settles drawing on this authorisation (approved or still pending)
        .addColumn('settled_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        // refunds drawing on this sale or settle (approved or still pending)
        .addColumn('refunded_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        // the void that cancels (or is cancelling) this transaction
        .addColumn('voided_by', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('transactions_order').on('transactions').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('transactions_session').on('transactions').columns(['session_id', 'id']).execute();
      await db.schema.createIndex('transactions_related').on('transactions').column('related_transaction_id').execute();
      await db.schema.createIndex('transactions_status').on('transactions').columns(['status', 'created_at']).execute();
      // Transaction ids look like the real gateway's: long numbers, well above the order ids.
      if (dialect.name === 'sqlite') {
        await sql`INSERT INTO sqlite_sequence (name, seq) VALUES ('transactions', 1110000000000000)`.execute(db);
      } else {
        await sql`ALTER SEQUENCE transactions_id_seq RESTART WITH 1110000000000001`.execute(db);
      }
    },
  };
}
