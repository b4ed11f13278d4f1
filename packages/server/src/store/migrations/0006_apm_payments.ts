import type { Kysely, Migration } from 'kysely';

/**
 * APM payments and the passthrough of processing options (docs/decisions/0360, 0362). Three nullable
 * columns on `transactions`, so existing readers stay as they are:
 * - `apm`: JSON of an alternative-payment-method payment: the method, its masked data, its flow, the
 *   redirect page's key and return URLs, the UPO paid with or stored (never unmasked account data);
 * - `awaiting`: `shopper` (a redirect page not answered yet) or `operator` (an asynchronous payment
 *   left pending): a pending row waiting on a person, which crash recovery must leave alone;
 * - `options`: JSON of what the request asked the acquirer for: rebill step and isRebilling,
 *   zeroAmountReason, authenticationOnlyType, the MCP currencyConversion (original amount in minor units).
 */
export function apmPayments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('transactions').addColumn('apm', 'text').execute();
      await db.schema.alterTable('transactions').addColumn('awaiting', 'text').execute();
      await db.schema.alterTable('transactions').addColumn('options', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('transactions').dropColumn('options').execute();
      await db.schema.alterTable('transactions').dropColumn('awaiting').execute();
      await db.schema.alterTable('transactions').dropColumn('apm').execute();
    },
  };
}
