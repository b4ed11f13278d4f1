import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Indexes for the transaction search filters that migration 0030 left to a scan of the merchant's rows
 * (docs/performance.md, docs/decisions/1032): the card's last four digits (an expression over the card
 * JSON, the same expression the search writes: `last4Expression`) and the amount; and the audit log's filter by action. Status, type, date and
 * the newest-first keyset already have theirs (0030).
 */
export function transactionSearchIndexes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index transactions_merchant_last4 on transactions (merchant_id, ${sql.raw(
        last4Expression(dialect),
      )}, id)`.execute(db);
      await db.schema
        .createIndex('transactions_merchant_amount')
        .on('transactions')
        .columns(['merchant_id', 'amount_minor'])
        .execute();
      // the audit log's filter by action (its newest-first list without one has 0030's index)
      await db.schema
        .createIndex('dashboard_audit_merchant_action')
        .on('dashboard_audit')
        .columns(['merchant_id', 'action', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('dashboard_audit_merchant_action').execute();
      await db.schema.dropIndex('transactions_merchant_amount').execute();
      await db.schema.dropIndex('transactions_merchant_last4').execute();
    },
  };
}

/**
 * The card's last four digits as SQL, written exactly as the index has it (a planner matches an
 * expression index only on the same expression). The column holds `JSON.stringify` of the card output.
 */
export function last4Expression(dialect: Dialect): string {
  return dialect.name === 'sqlite' ? `json_extract(card, '$.last4Digits')` : `((card::jsonb) ->> 'last4Digits')`;
}
