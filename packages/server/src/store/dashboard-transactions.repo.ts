import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { AmountBound, TransactionFilter } from '../domain/dashboard/ports.js';
import type { Transaction } from '../domain/payments/transaction.types.js';
import type { Dialect } from './dialect.js';
import { last4Expression } from './migrations/0031_transaction_search_indexes.js';
import { toTransaction } from './payments.row.js';
import type { Database } from './tables.js';

/**
 * The control panel's transaction reads (docs/dashboard.md): one merchant's rows, newest first, paged by
 * id (a keyset), on the indexes of migrations 0030 (`merchant_id` with `id`, `status`, `type`,
 * `created_at`) and 0031 (the card's last four digits, the amount): docs/performance.md.
 */

type Eb = ExpressionBuilder<Database, 'transactions'>;

function amountWithin(eb: Eb, op: '>=' | '<=', bounds: AmountBound[]) {
  const listed = bounds.flatMap((b) => b.currencies ?? []);
  return eb.or(
    bounds.map((b) =>
      eb.and([
        b.currencies === undefined
          ? listed.length > 0
            ? eb('currency', 'not in', listed)
            : eb.lit(true)
          : eb('currency', 'in', b.currencies),
        eb('amount_minor', op, b.minor),
      ]),
    ),
  );
}

/**
 * The amount bounds as ranges an index on (merchant_id, amount_minor) takes: one per currency exponent,
 * each with the merchant (an OR's branches are planned alone), implied by the per-currency condition
 * that still decides. With one side only, the ranges overlap into one: the loosest bound.
 */
function amountRanges(eb: Eb, merchantId: string, min: AmountBound[] | undefined, max: AmountBound[] | undefined) {
  if (!min || !max) {
    const bounds = (min ?? max)!.map((b) => b.minor);
    return min ? eb('amount_minor', '>=', Math.min(...bounds)) : eb('amount_minor', '<=', Math.max(...bounds));
  }
  return eb.or(
    min.map((lo, i) =>
      eb.and([
        eb('merchant_id', '=', merchantId),
        eb('amount_minor', '>=', lo.minor),
        eb('amount_minor', '<=', max[i]!.minor),
      ]),
    ),
  );
}

/** The search's query, unexecuted (its plan is checked by tests with EXPLAIN). */
export function dashboardTransactionQuery(db: Kysely<Database>, dialect: Dialect, f: TransactionFilter) {
  let q = db.selectFrom('transactions').selectAll().where('merchant_id', '=', f.merchantId);
  if (f.query !== undefined) {
    const n = Number(f.query);
    // the ids first (primary key, then `transactions_order`), so the merchant's rows are not scanned
    q = q.where('id', 'in', (eb) =>
      eb
        .selectFrom('transactions as t')
        .select('t.id')
        .where((w) => w.or([w('t.id', '=', n), w('t.order_id', '=', n)])),
    );
  }
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  // the card output is JSON: its last four digits through the expression of the index
  if (f.last4 !== undefined) q = q.where(sql.raw<string>(last4Expression(dialect)), '=', f.last4);
  const { min, max } = f;
  if (min || max) q = q.where((eb) => amountRanges(eb, f.merchantId, min, max));
  if (min) q = q.where((eb) => amountWithin(eb, '>=', min));
  if (max) q = q.where((eb) => amountWithin(eb, '<=', max));
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
  if (f.before !== undefined) q = q.where('id', '<', Number(f.before));
  return q.orderBy('id', 'desc').limit(f.limit);
}

export async function dashboardTransactionSearch(
  db: Kysely<Database>,
  dialect: Dialect,
  f: TransactionFilter,
): Promise<Transaction[]> {
  const rows = await dashboardTransactionQuery(db, dialect, f).execute();
  return rows.map(toTransaction);
}

export async function dashboardTimeline(
  db: Kysely<Database>,
  merchantId: string,
  orderId: number | null,
  sessionId: string | null,
): Promise<Transaction[]> {
  if (orderId === null && sessionId === null) return [];
  return timelineRows(db, merchantId, orderId, sessionId);
}

async function timelineRows(
  db: Kysely<Database>,
  merchantId: string,
  orderId: number | null,
  sessionId: string | null,
): Promise<Transaction[]> {
  const rows = await db
    .selectFrom('transactions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where((eb) => (orderId !== null ? eb('order_id', '=', orderId) : eb('session_id', '=', sessionId)))
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map(toTransaction);
}

/**
 * A transaction without an order or a session (a REST payment made without an order): it, the
 * transactions made on it (settles, refunds, voids), and theirs (refunds of a settle), oldest first.
 */
export async function dashboardChain(db: Kysely<Database>, merchantId: string, rootId: string): Promise<Transaction[]> {
  const seen = new Map<string, Transaction>();
  let level = [Number(rootId)];
  const root = await db.selectFrom('transactions').selectAll().where('id', '=', level[0]!).executeTakeFirst();
  if (!root || root.merchant_id !== merchantId) return [];
  seen.set(String(root.id), toTransaction(root));
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const rows = await db
      .selectFrom('transactions')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('related_transaction_id', 'in', level)
      .limit(500)
      .execute();
    level = [];
    for (const r of rows) {
      if (seen.has(String(r.id))) continue;
      seen.set(String(r.id), toTransaction(r));
      level.push(Number(r.id));
    }
  }
  return [...seen.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

export async function apiKeyLabelSet(db: Kysely<Database>, keyId: string, label: string): Promise<void> {
  await db.updateTable('api_keys').set({ label }).where('id', '=', keyId).execute();
}

/** The merchant's pending APM payments waiting on the shopper or an operator (migration 0006's `awaiting`). */
export async function dashboardPendingApm(
  db: Kysely<Database>,
  merchantId: string,
  limit: number,
  before?: string,
): Promise<Transaction[]> {
  let q = db
    .selectFrom('transactions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'pending')
    .where('awaiting', 'is not', null)
    .where('apm', 'is not', null);
  if (before !== undefined) q = q.where('id', '<', Number(before));
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toTransaction);
}
