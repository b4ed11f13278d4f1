import { type Kysely, sql } from 'kysely';
import type { OverviewQuery, OverviewRow } from '../domain/dashboard/ports.js';
import type { Database } from './tables.js';

/**
 * The control panel's overview in one grouped query (docs/dashboard.md, docs/decisions/1030): the
 * merchant's payments in a time window, counted and summed per bucket, currency, status and reason, on
 * the index `transactions_merchant_created` (merchant_id, created_at). The bucket is integer division
 * of the time since the window's start, the same arithmetic in SQLite and PostgreSQL; its numbers are
 * written as literals (integers the domain computed) so the grouped expression is the selected one.
 */
export async function dashboardOverviewRows(db: Kysely<Database>, q: OverviewQuery): Promise<OverviewRow[]> {
  const from = Math.trunc(q.from);
  const size = Math.trunc(q.bucketMs);
  const to = from + size * q.buckets;
  const bucket = sql<number>`(created_at - ${sql.lit(from)}) / ${sql.lit(size)}`;
  const rows = await db
    .selectFrom('transactions')
    .select((eb) => [
      bucket.as('bucket'),
      'currency',
      'status',
      'error_reason',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('amount_minor').as('amount'),
    ])
    .where('merchant_id', '=', q.merchantId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('type', 'in', [...q.types])
    .where('status', '!=', 'pending')
    .groupBy([bucket, 'currency', 'status', 'error_reason'])
    .execute();
  return rows.map((r) => ({
    bucket: Number(r.bucket),
    currency: r.currency,
    status: r.status,
    reason: r.error_reason,
    count: Number(r.n),
    amount: Number(r.amount ?? 0),
  }));
}
