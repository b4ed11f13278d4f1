/**
 * (b2) The floor: what any server built the way Gatehouse is built pays before it does Gatehouse's own
 * work. Fastify with the app's Ajv options and the same TypeBox schemas (OrderRequest,
 * OrderLookupQuery, PaymentRequest); Gatehouse's own logger and request line (http/logging.ts), to the
 * file the parent points stdout at; amounts read and written by lib/money.ts; and the store's minimum
 * in a SQLite file in WAL mode:
 *
 *   POST /orders                  the order's row inserted, committed durably (synchronous=FULL)
 *   GET /orders/status            the order read by sessionId, answered `pending` with its amount
 *   POST /payment-api/payments    the order read by sessionId; the payment's row inserted `pending`
 *                                 (a commit not waited on the disk, as Gatehouse's write ahead); then
 *                                 its outcome, committed durably
 *
 * Every commit of one event-loop turn is one transaction (group commit, as Gatehouse's store), run on
 * the main thread: cheaper in CPU than Gatehouse's writer thread, so this is a floor, not a model.
 * Nothing else: no authentication, rate limit, idempotency, card vault, acquirer, notifications or
 * outbox; every answer is approved. Gatehouse's own work is a target's cost over this one's
 * (docs/performance.md, "The floor, measured beside each goal"; ADR 0831). GATEHOUSE_DATA_DIR is its
 * folder.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import Fastify, { LogController } from 'fastify';
import { AJV_OPTIONS } from '../../packages/server/src/http/ajv-options.js';
import {
  loggerOptions,
  registerRequestLog,
  skipRedactionOfScalars,
  stdoutLog,
} from '../../packages/server/src/http/logging.js';
import { parseJsonNumber, toJsonNumber } from '../../packages/server/src/lib/money.js';
import { OrderLookupQuery, OrderRequest } from '../../packages/server/src/schemas/rest/order.schema.js';
import { PaymentRequest } from '../../packages/server/src/schemas/rest/payment.schema.js';
import { fail, serve } from './child.js';

const db = new SqliteDatabase(join(process.env.GATEHOUSE_DATA_DIR ?? '.', 'floor.sqlite'));
db.pragma('journal_mode = WAL');
db.exec(`
  create table orders (id integer primary key, session_id text not null unique, entity_id text not null,
    merchant_transaction_id text, amount_minor integer not null, currency text not null,
    request text not null, created_at integer not null);
  create table transactions (id integer primary key, order_id integer not null, status text not null,
    amount_minor integer not null, currency text not null, created_at integer not null);
  create index transactions_order on transactions (order_id, id);`);
const insertOrder = db.prepare(
  'insert into orders (session_id, entity_id, merchant_transaction_id, amount_minor, currency, request, created_at) values (?, ?, ?, ?, ?, ?, ?)',
);
const orderBySession = db.prepare('select id, amount_minor, currency from orders where session_id = ?');
const insertPayment = db.prepare(
  "insert into transactions (order_id, status, amount_minor, currency, created_at) values (?, 'pending', ?, ?, ?)",
);
const settle = db.prepare('update transactions set status = ? where id = ?');

/** One event-loop turn's writes, committed together; durable when any of them asks to be. */
let queued: Array<{ run(): unknown; done(value: unknown): void; durable: boolean }> = [];
function commitTurn(): void {
  const writes = queued;
  queued = [];
  db.pragma(writes.some((w) => w.durable) ? 'synchronous = FULL' : 'synchronous = NORMAL');
  const values = db.transaction(() => writes.map((w) => w.run()))();
  writes.forEach((w, i) => w.done(values[i]));
}
function write<T>(run: () => T, durable: boolean): Promise<T> {
  return new Promise((resolve) => {
    if (queued.length === 0) setImmediate(commitTurn);
    queued.push({ run, done: resolve as (value: unknown) => void, durable });
  });
}

/** The amount in minor units, as Gatehouse reads it; a bench body always holds a valid one. */
function minor(amount: number, currency: string): number {
  const parsed = parseJsonNumber(amount, currency);
  if (!parsed.ok) throw new Error(`amount ${amount} ${currency}: ${parsed.rule}`);
  return parsed.minor;
}

async function main(): Promise<void> {
  // Gatehouse's logger and request line (http/logging.ts): its options, its destination, its hook
  const app = Fastify({
    logger: { ...loggerOptions('info'), stream: stdoutLog() },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    bodyLimit: 1024 * 1024,
    ajv: AJV_OPTIONS,
  });
  skipRedactionOfScalars(app.log);
  registerRequestLog(app);
  app.post('/orders', { schema: { body: OrderRequest } }, async (request, reply) => {
    const o = request.body as {
      processingEntityId: string;
      merchantTransactionId?: string;
      amount: number;
      currency: string;
    };
    const sessionId = randomUUID();
    const { lastInsertRowid } = await write(
      () =>
        insertOrder.run(
          sessionId,
          o.processingEntityId,
          o.merchantTransactionId ?? null,
          minor(o.amount, o.currency),
          o.currency,
          JSON.stringify(o),
          Date.now(),
        ),
      true,
    );
    return reply.code(201).send({ sessionId, orderId: String(lastInsertRowid), result: { status: 'success' } });
  });
  app.get('/orders/status', { schema: { querystring: OrderLookupQuery } }, async (request, reply) => {
    const { sessionId } = request.query as { sessionId?: string };
    const order = orderBySession.get(sessionId ?? '') as { amount_minor: number; currency: string } | undefined;
    if (!order) return reply.code(404).send({ result: { status: 'error' } });
    return {
      amount: toJsonNumber(order.amount_minor, order.currency),
      currency: order.currency,
      result: { status: 'pending' },
    };
  });
  app.post('/payment-api/payments', { schema: { body: PaymentRequest } }, async (request, reply) => {
    const p = request.body as { sessionId?: string; amount: number; currency: string };
    const order = orderBySession.get(p.sessionId ?? '') as { id: number } | undefined;
    if (!order) return reply.code(404).send({ result: { status: 'error' } });
    const { lastInsertRowid: id } = await write(
      () => insertPayment.run(order.id, minor(p.amount, p.currency), p.currency, Date.now()),
      false,
    );
    await write(() => settle.run('approved', id), true);
    return reply.send({ transactionId: String(id), result: { status: 'approved' } });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  await serve({ url }, async () => {
    await app.close();
    const { n } = db.prepare('select count(*) as n from orders').get() as { n: number };
    db.close();
    return { ordersStored: n };
  });
}

main().catch(fail);
