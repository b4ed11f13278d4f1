import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AmountBound, TransactionFilter } from '../domain/dashboard/ports.js';
import type { Transaction } from '../domain/payments/transaction.types.js';
import { toTransaction } from './payments.repo.js';
import type { Database } from './tables.js';

/**
 * The control panel's transaction reads (docs/dashboard.md): one merchant's rows, newest first, paged by
 * id (a keyset), on the indexes of migration 0030 (`merchant_id` with `id`, `status`, `type`, `created_at`).
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

export async function dashboardTransactionSearch(db: Kysely<Database>, f: TransactionFilter): Promise<Transaction[]> {
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
  // the card output is JSON: its last four digits are matched as the stored text has them
  if (f.last4 !== undefined) q = q.where('card', 'like', `%"last4Digits":"${f.last4}"%`);
  const { min, max } = f;
  if (min) q = q.where((eb) => amountWithin(eb, '>=', min));
  if (max) q = q.where((eb) => amountWithin(eb, '<=', max));
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
  if (f.before !== undefined) q = q.where('id', '<', Number(f.before));
  const rows = await q.orderBy('id', 'desc').limit(f.limit).execute();
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
