import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { Minor } from '../lib/money.js';
import type { Order } from '../domain/orders/order.types.js';
import type { NewOrder, OrderRepo } from '../domain/orders/ports.js';
import type { NewSessionOrder, SessionOrder } from '../domain/sessions/session.types.js';
import { type FixedStatement, fixedStatement } from './sqlite/fixed-statement.js';
import type { Dialect } from './dialect.js';
import { findOrderStatus } from './order-status.read.js';
import { type HotSql, hotAll, kyselyHot } from './hot-sql.js';
import type { Database, OrderTable } from './tables.js';

function toOrder(r: Selectable<OrderTable>): Order {
  const order: Omit<Order, 'request'> = {
    id: Number(r.id),
    sessionId: r.session_id,
    merchantId: r.merchant_id,
    siteId: r.site_id,
    entityId: r.entity_id,
    merchantTransactionId: r.merchant_transaction_id,
    amount: Number(r.amount_minor) as Minor,
    currency: r.currency,
    transactionType: r.transaction_type as Order['transactionType'],
    openAmount:
      r.open_amount_min_minor === null || r.open_amount_max_minor === null
        ? null
        : { min: Number(r.open_amount_min_minor) as Minor, max: Number(r.open_amount_max_minor) as Minor },
    permittedOperations: JSON.parse(r.permitted_operations) as Order['permittedOperations'],
    productId: r.product_id,
    webhookUrl: r.webhook_url,
    status: r.status as Order['status'],
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    sessionExpiresAt: Number(r.session_expires_at),
  };
  // The request's JSON (about 1.5 KB) is parsed when it is first read: a payment never reads it.
  let request: Record<string, unknown> | undefined;
  return Object.defineProperty(order, 'request', {
    enumerable: true,
    configurable: true,
    get: () => (request ??= JSON.parse(r.request) as Record<string, unknown>),
    set: (v: Record<string, unknown>) => void (request = v),
  }) as Order;
}

/** A session order's row keeps currency '' and amount 0 when it was opened without an amount. */
function toSessionOrder(r: Selectable<OrderTable>): SessionOrder {
  return {
    id: Number(r.id),
    sessionToken: r.session_id,
    merchantId: r.merchant_id,
    siteId: r.site_id,
    pricing:
      r.currency === ''
        ? null
        : {
            amount: Number(r.amount_minor) as Minor,
            currency: r.currency,
            openAmount:
              r.open_amount_min_minor === null || r.open_amount_max_minor === null
                ? null
                : { min: Number(r.open_amount_min_minor) as Minor, max: Number(r.open_amount_max_minor) as Minor },
          },
    transactionType: r.transaction_type as SessionOrder['transactionType'],
    clientUniqueId: r.merchant_transaction_id ?? '',
    productId: r.product_id,
    status: r.status as SessionOrder['status'],
    details: JSON.parse(r.request) as SessionOrder['details'],
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function pricingColumns(p: SessionOrder['pricing']) {
  return {
    amount_minor: p?.amount ?? 0,
    currency: p?.currency ?? '',
    open_amount_min_minor: p?.openAmount?.min ?? null,
    open_amount_max_minor: p?.openAmount?.max ?? null,
  };
}

/** `hot` runs the fixed statements: the store's prepared statements (ADR 0810, 0813). */
export function orderRepo(db: Kysely<Database>, dialect: Dialect, hot: HotSql = kyselyHot(db)): OrderRepo {
  return {
    async insert(o) {
      const { sql, parameters } = orderInsert(db, dialect, o, { returningId: true });
      const { rows } = await db.executeQuery<{ id: number | bigint }>(CompiledQuery.raw(sql, parameters));
      return Number(rows[0]!.id);
    },
    async find(entityId, ref) {
      if ('sessionId' in ref) return this.findBySessionId(ref.sessionId);
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where('entity_id', '=', entityId)
        .where('merchant_transaction_id', '=', ref.merchantTransactionId)
        .limit(2)
        .execute();
      if (rows.length > 1) return 'ambiguous';
      return rows[0] && toOrder(rows[0]);
    },
    async findBySessionId(sessionId) {
      const [r] = await hotAll<Selectable<OrderTable>>(hot, dialect, 'order.by-sid', [sessionId], () =>
        db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).compile(),
      );
      return r && toOrder(r);
    },
    findStatus: (entityId, ref) => findOrderStatus(db, dialect, (n, t, p) => hot.all(n, t, p), entityId, ref),
    async updateAmount(id, amount, at) {
      await db.updateTable('orders').set({ amount_minor: amount, updated_at: at }).where('id', '=', id).execute();
    },
    async lock(id, at) {
      const { sql, parameters } = orderLock(db, dialect, id, at);
      await hot.run('gh_order_lock', sql, parameters);
    },
    async insertSessionOrder(o) {
      const values = sessionOrderValues(o);
      const [row] = await hotAll<{ id: number }>(hot, dialect, 'order.insert-session', values, () =>
        db.insertInto('orders').values(values).returning('id').compile(),
      );
      return { ...o, id: Number(row!.id) };
    },
    async findSessionOrder(id) {
      const [r] = await hotAll<Selectable<OrderTable>>(hot, dialect, 'order.session', [id, 'session'], () =>
        db.selectFrom('orders').selectAll().where('id', '=', id).where('interface', '=', 'session').compile(),
      );
      return r && toSessionOrder(r);
    },
    async updateSessionOrder(id, set) {
      await db
        .updateTable('orders')
        .set({ ...pricingColumns(set.pricing), request: JSON.stringify(set.details), updated_at: set.updatedAt })
        .where('id', '=', id)
        .execute();
    },
  };
}

/** A session order's row (openOrder, ADR 0013 and 0814). */
function sessionOrderValues(o: NewSessionOrder) {
  const p = o.pricing;
  // pricingColumns' members written out: members after a spread take V8's slow path (ADR 0665)
  return {
    session_id: o.sessionToken,
    merchant_id: o.merchantId,
    site_id: o.siteId,
    entity_id: null,
    interface: 'session',
    merchant_transaction_id: o.clientUniqueId,
    amount_minor: p?.amount ?? 0,
    currency: p?.currency ?? '',
    open_amount_min_minor: p?.openAmount?.min ?? null,
    open_amount_max_minor: p?.openAmount?.max ?? null,
    transaction_type: o.transactionType,
    permitted_operations: '[]',
    product_id: o.productId,
    webhook_url: null,
    status: o.status,
    request: JSON.stringify(o.details),
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    // The REST bearer rule (sessionId usable 30 minutes) never applies to a session order.
    session_expires_at: o.createdAt,
  };
}

/** A session order's insert in a planned write: nothing read back (ADR 0814). */
export function sessionOrderInsert(db: Kysely<Database>, dialect: Dialect, o: NewSessionOrder): FixedStatement {
  const values = sessionOrderValues(o);
  return fixedStatement('order.insert-session.planned', dialect, values, () =>
    db.insertInto('orders').values(values).compile(),
  );
}

/** The id of the order of a sessionId (unique), as the last statement of a planned write. */
export function orderIdBySessionId(db: Kysely<Database>, dialect: Dialect, sessionId: string): FixedStatement {
  return fixedStatement('order.id-by-sid', dialect, [sessionId], () =>
    db.selectFrom('orders').select('id').where('session_id', '=', sessionId).compile(),
  );
}

/**
 * The insert of a new order, returning its numeric id or nothing (then a statement that writes and
 * reads no row back, the cheaper one): compiled once per dialect and form (ADR 0011).
 */
export function orderInsert(
  db: Kysely<Database>,
  dialect: Dialect,
  o: NewOrder,
  { returningId }: { returningId: boolean },
): FixedStatement {
  const values = {
    session_id: o.sessionId,
    merchant_id: o.merchantId,
    site_id: o.siteId,
    entity_id: o.entityId,
    merchant_transaction_id: o.merchantTransactionId,
    amount_minor: o.amount,
    currency: o.currency,
    transaction_type: o.transactionType,
    open_amount_min_minor: o.openAmount?.min ?? null,
    open_amount_max_minor: o.openAmount?.max ?? null,
    permitted_operations: JSON.stringify(o.permittedOperations),
    product_id: o.productId,
    webhook_url: o.webhookUrl,
    status: o.status,
    request: o.requestJson,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    session_expires_at: o.sessionExpiresAt,
  };
  return returningId
    ? fixedStatement('orders.insert.returning-id', dialect, values, () =>
        db.insertInto('orders').values(values).returning('id').compile(),
      )
    : fixedStatement('orders.insert', dialect, values, () => db.insertInto('orders').values(values).compile());
}

/**
 * Takes an order's row lock before its payment is decided (a payment's pending write): changes no row
 * when the order is not there.
 */
export function orderLock(db: Kysely<Database>, dialect: Dialect, id: number, at: number): FixedStatement {
  return fixedStatement('order.lock', dialect, [at, id], () =>
    db.updateTable('orders').set({ updated_at: at }).where('id', '=', id).compile(),
  );
}
