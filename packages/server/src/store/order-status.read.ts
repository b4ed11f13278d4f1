import { CompiledQuery, type Kysely, type Selectable, sql } from 'kysely';
import type { Minor } from '../lib/money.js';
import type { Order, OrderRef } from '../domain/orders/order.types.js';
import type { OrderStatusView } from '../domain/orders/ports.js';
import type { Dialect } from './dialect.js';
import { PAYMENT_TYPES, toTransaction } from './payments.row.js';
import { fixedStatement } from './sqlite/fixed-statement.js';
import type { Database, TransactionTable } from './tables.js';

/** Runs a fixed statement by name: the store's `readHot`, or Kysely's executor inside a transaction. */
export type HotRead = <R>(name: string, sql: string, parameters: readonly unknown[]) => Promise<R[]>;

export function kyselyRead(db: Kysely<Database>): HotRead {
  return async <R>(_name: string, text: string, parameters: readonly unknown[]) =>
    (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows as R[];
}

/** The order's columns a status answer needs, renamed so they never meet the transaction's. */
interface StatusRow extends Selectable<TransactionTable> {
  o_id: number;
  o_merchant_id: string;
  o_entity_id: string | null;
  o_amount_minor: number;
  o_currency: string;
  o_transaction_type: string | null;
}

/**
 * The order and its last payment in one statement: the order by its unique sessionId (or by
 * entity and merchantTransactionId, two rows at most to tell an ambiguous one), joined to the payment
 * whose id the `transactions_order` index gives last. Constants are literals, so the only parameters
 * are the values of `ref` and the text is compiled once per dialect (ADR 0011, 0810).
 */
function statusQuery(db: Kysely<Database>, dialect: Dialect, entityId: string, ref: OrderRef) {
  // Built only when the text is compiled: building a Kysely query costs more than running it.
  const base = () =>
    db
      .selectFrom('orders as o')
      .leftJoin('transactions as t', (join) =>
        join.on((eb) =>
          eb(
            't.id',
            '=',
            eb
              .selectFrom('transactions as p')
              .select('p.id')
              .whereRef('p.order_id', '=', 'o.id')
              .where(
                'p.type',
                'in',
                PAYMENT_TYPES.map((t) => sql.lit(t)),
              )
              .orderBy('p.id', 'desc')
              .limit(sql.lit(1)),
          ),
        ),
      )
      .select([
        'o.id as o_id',
        'o.merchant_id as o_merchant_id',
        'o.entity_id as o_entity_id',
        'o.amount_minor as o_amount_minor',
        'o.currency as o_currency',
        'o.transaction_type as o_transaction_type',
      ])
      .selectAll('t');
  if ('sessionId' in ref) {
    const values = { session_id: ref.sessionId };
    return fixedStatement('orders.status.by-session', dialect, values, () =>
      base().where('o.session_id', '=', values.session_id).compile(),
    );
  }
  const values = { entity_id: entityId, merchant_transaction_id: ref.merchantTransactionId };
  return fixedStatement('orders.status.by-mtid', dialect, values, () =>
    base()
      .where('o.entity_id', '=', values.entity_id)
      .where('o.merchant_transaction_id', '=', values.merchant_transaction_id)
      .limit(sql.lit(2))
      .compile(),
  );
}

/** `OrderRepo.findStatus`, run by `read`. */
export async function findOrderStatus(
  db: Kysely<Database>,
  dialect: Dialect,
  read: HotRead,
  entityId: string,
  ref: OrderRef,
): Promise<OrderStatusView | undefined | 'ambiguous'> {
  const statement = statusQuery(db, dialect, entityId, ref);
  const name = 'sessionId' in ref ? 'gh_order_status_sid' : 'gh_order_status_mtid';
  const rows = await read<StatusRow>(name, statement.sql, statement.parameters);
  if (rows.length > 1) return 'ambiguous';
  const r = rows[0];
  if (!r) return undefined;
  return {
    order: {
      id: Number(r.o_id),
      merchantId: r.o_merchant_id,
      entityId: r.o_entity_id,
      amount: Number(r.o_amount_minor) as Minor,
      currency: r.o_currency,
      transactionType: r.o_transaction_type as Order['transactionType'],
    },
    lastPayment: r.id === null ? undefined : toTransaction(r),
  };
}
