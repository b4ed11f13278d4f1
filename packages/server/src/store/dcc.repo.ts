import type { Kysely } from 'kysely';
import type { DccConversion, DccRepo } from '../domain/payments/ports.js';
import type { Minor } from '../lib/money.js';
import type { Database } from './tables.js';

export function dccRepo(db: Kysely<Database>): DccRepo {
  return {
    async record(c, at) {
      await db
        .insertInto('dcc_conversions')
        .values({
          transaction_id: Number(c.transactionId),
          original_amount_minor: c.originalAmount,
          original_currency: c.originalCurrency,
          rate_with_markup: c.rateWithMarkup,
          markup_percent: c.markUp,
          created_at: at,
        })
        .execute();
    },
    async find(transactionId) {
      if (!/^\d{1,18}$/.test(transactionId)) return undefined;
      const r = await db
        .selectFrom('dcc_conversions')
        .selectAll()
        .where('transaction_id', '=', Number(transactionId))
        .executeTakeFirst();
      if (!r) return undefined;
      return {
        transactionId: String(r.transaction_id),
        originalAmount: Number(r.original_amount_minor) as Minor,
        originalCurrency: r.original_currency,
        rateWithMarkup: r.rate_with_markup,
        markUp: r.markup_percent,
      } satisfies DccConversion;
    },
  };
}
