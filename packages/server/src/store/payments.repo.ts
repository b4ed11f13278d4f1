import { type Kysely, type Selectable, sql } from 'kysely';
import type { PaymentRepo } from '../domain/payments/ports.js';
import type { Dialect } from './dialect.js';
import { type HotSql, hotAll, kyselyHot } from './hot-sql.js';
import { insertedTransaction, PAYMENT_TYPES, toTransaction, transactionValues } from './payments.row.js';
import { transactionComplete } from './payments.write.js';
import type { Database, TransactionTable } from './tables.js';

type Row = Selectable<TransactionTable>;

/**
 * The repository of transactions and the card vault (the `PaymentRepo` port). The statements of a
 * payment (find, insert, the outcome, the order's last payment, the vault lookup) are fixed statements
 * run by `hot` (ADR 0813); the rest go through Kysely's builder. A transaction's row is read and written
 * by payments.row.ts, the outcome's statement is built by payments.write.ts.
 */
export function paymentRepo(db: Kysely<Database>, dialect: Dialect, hot: HotSql = kyselyHot(db)): PaymentRepo {
  const find = async (id: string) => {
    const key = Number(id);
    const [r] = await hotAll<Row>(hot, dialect, 'tx.find', [key], () =>
      db.selectFrom('transactions').selectAll().where('id', '=', key).compile(),
    );
    return r && toTransaction(r);
  };
  return {
    async insert(t) {
      const values = transactionValues(t);
      const [row] = await hotAll<{ id: number | bigint }>(hot, dialect, 'tx.insert', values, () =>
        db.insertInto('transactions').values(values).returning('id').compile(),
      );
      return insertedTransaction(t, row!.id);
    },
    find,
    async complete(id, r, at) {
      const { name, sql, parameters } = transactionComplete(db, dialect, id, r, at);
      return (await hot.run(name, sql, parameters)) > 0;
    },
    async lastPaymentOfOrder(orderId) {
      const [r] = await hotAll<Row>(hot, dialect, 'tx.last-of-order', [orderId, ...PAYMENT_TYPES, 1], () =>
        db
          .selectFrom('transactions')
          .selectAll()
          .where('order_id', '=', orderId)
          .where('type', 'in', PAYMENT_TYPES)
          .orderBy('id', 'desc')
          .limit(1)
          .compile(),
      );
      return r && toTransaction(r);
    },
    async lastPaymentOfSession(sessionId) {
      const r = await db
        .selectFrom('transactions')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('type', 'in', PAYMENT_TYPES)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && toTransaction(r);
    },
    async reserve(id, kind, amount, at) {
      const column = kind === 'settle' ? 'settled_minor' : 'refunded_minor';
      const res = await db
        .updateTable('transactions')
        .set({ [column]: sql`${sql.ref(column)} + ${amount}`, updated_at: at })
        .where('id', '=', Number(id))
        .where('status', '=', 'approved')
        .where('voided_by', 'is', null)
        .where(sql<boolean>`${sql.ref(column)} + ${amount} <= amount_minor`)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async release(id, kind, amount, at) {
      const column = kind === 'settle' ? 'settled_minor' : 'refunded_minor';
      await db
        .updateTable('transactions')
        .set({ [column]: sql`${sql.ref(column)} - ${amount}`, updated_at: at })
        .where('id', '=', Number(id))
        .execute();
    },
    async reserveVoid(id, voidId, at) {
      const res = await db
        .updateTable('transactions')
        .set({ voided_by: Number(voidId), updated_at: at })
        .where('id', '=', Number(id))
        .where('status', '=', 'approved')
        .where('voided_by', 'is', null)
        .where('settled_minor', '=', 0)
        .where('refunded_minor', '=', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async releaseVoid(id, voidId, at) {
      await db
        .updateTable('transactions')
        .set({ voided_by: null, updated_at: at })
        .where('id', '=', Number(id))
        .where('voided_by', '=', Number(voidId))
        .execute();
    },
    async pendingBefore(before, limit) {
      const rows = await db
        .selectFrom('transactions')
        .selectAll()
        .where('status', '=', 'pending')
        // an APM payment waiting on the shopper or an operator is not an acquirer call in flight
        .where('awaiting', 'is', null)
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toTransaction);
    },
    async vaultCard(fingerprint, sealed, at) {
      const [existing] = await hotAll<{ id: number }>(hot, dialect, 'vault.find', [fingerprint], () =>
        db.selectFrom('card_vault').select('id').where('fingerprint', '=', fingerprint).compile(),
      );
      if (existing) return Number(existing.id);
      await db
        .insertInto('card_vault')
        .values({ fingerprint, number_sealed: sealed(), created_at: at })
        .onConflict((oc) => oc.column('fingerprint').doNothing())
        .execute();
      const row = await db
        .selectFrom('card_vault')
        .select('id')
        .where('fingerprint', '=', fingerprint)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async swapThreeD(id, expected, next, at) {
      const res = await db
        .updateTable('transactions')
        .set({ three_d: next, updated_at: at })
        .where('id', '=', Number(id))
        .where('three_d', '=', expected)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async awaitPerson(id, from, to, apm, at, externalTransactionId) {
      const res = await db
        .updateTable('transactions')
        .set({
          awaiting: to,
          apm: JSON.stringify(apm),
          ...(externalTransactionId !== undefined ? { external_transaction_id: externalTransactionId } : {}),
          updated_at: at,
        })
        .where('id', '=', Number(id))
        .where('status', '=', 'pending')
        .where((eb) => (from === null ? eb('awaiting', 'is', null) : eb('awaiting', '=', from)))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async threeDText(id) {
      const r = await db.selectFrom('transactions').select('three_d').where('id', '=', Number(id)).executeTakeFirst();
      return r?.three_d ?? null;
    },
  };
}
