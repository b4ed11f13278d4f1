import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Minor } from '../lib/money.js';
import type { ThreeDResult } from '../domain/payments/acquirer.port.js';
import type { PaymentRepo } from '../domain/payments/ports.js';
import {
  type ApmRecord,
  type CardOutput,
  type NewTransaction,
  ORDER_PAID_OR_PAYING,
  type ProcessingOptions,
  type Transaction,
  type TransactionResult,
} from '../domain/payments/transaction.types.js';
import { type FixedStatement, fixedStatement } from './sqlite/fixed-statement.js';
import type { Dialect } from './dialect.js';
import { type HotSql, hotAll, kyselyHot } from './hot-sql.js';
import type { Database, TransactionTable } from './tables.js';

export function toTransaction(r: Selectable<TransactionTable>): Transaction {
  const opt = (v: number | null) => (v === null ? null : String(v));
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    entityId: r.entity_id,
    interface: r.interface as Transaction['interface'],
    orderId: r.order_id === null ? null : Number(r.order_id),
    sessionId: r.session_id,
    type: r.type as Transaction['type'],
    relatedTransactionId: opt(r.related_transaction_id),
    amount: Number(r.amount_minor) as Minor,
    requestedAmount: Number(r.requested_amount_minor) as Minor,
    currency: r.currency,
    status: r.status as Transaction['status'],
    partialApproval: Number(r.partial_approval) === 1,
    authCode: r.auth_code,
    cvv2Code: r.cvv2_code,
    avsCode: r.avs_code,
    externalTransactionId: r.external_transaction_id,
    cardVaultId: r.card_vault_id === null ? null : Number(r.card_vault_id),
    card: r.card === null ? null : (JSON.parse(r.card) as CardOutput),
    threeD: r.three_d === null ? null : (JSON.parse(r.three_d) as ThreeDResult),
    errorCode: r.error_code,
    errorReason: r.error_reason,
    clientUniqueId: r.client_unique_id,
    clientRequestId: r.client_request_id,
    merchantTransactionId: r.merchant_transaction_id,
    productId: r.product_id,
    userTokenId: r.user_token_id,
    webhookUrl: r.webhook_url,
    notificationUrl: r.notification_url,
    settled: Number(r.settled_minor) as Minor,
    refunded: Number(r.refunded_minor) as Minor,
    voidedBy: opt(r.voided_by),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    apm: r.apm ? (JSON.parse(r.apm) as ApmRecord) : null,
    awaiting: (r.awaiting ?? null) as Transaction['awaiting'],
    options: r.options ? (JSON.parse(r.options) as ProcessingOptions) : null,
  };
}

// a Payout (no order) counts as its session's payment for getPaymentStatus (docs/decisions/0501)
export const PAYMENT_TYPES = ['Auth', 'PreAuth', 'Sale', 'Payout'];

type Row = Selectable<TransactionTable>;

/** The columns `complete` may set besides status, awaiting and updated_at, in the order of its SET. */
const OUTCOME_FIELDS = [
  'amount',
  'partialApproval',
  'authCode',
  'cvv2Code',
  'avsCode',
  'externalTransactionId',
  'threeD',
  'errorCode',
  'errorReason',
  'apm',
] as const;

/**
 * The statements of a payment (find, insert, the outcome, the order's last payment, the vault lookup)
 * are fixed statements run by `hot` (ADR 0813); the rest go through Kysely's builder.
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

/** A new transaction's row, every column named in the order of the insert (a fixed statement, ADR 0011). */
export function transactionValues(t: NewTransaction) {
  return {
    merchant_id: t.merchantId,
    site_id: t.siteId,
    entity_id: t.entityId,
    interface: t.interface,
    order_id: t.orderId,
    session_id: t.sessionId,
    type: t.type,
    related_transaction_id: t.relatedTransactionId === null ? null : Number(t.relatedTransactionId),
    amount_minor: t.amount,
    requested_amount_minor: t.requestedAmount,
    currency: t.currency,
    status: t.status,
    partial_approval: t.partialApproval ? 1 : 0,
    auth_code: t.authCode,
    cvv2_code: t.cvv2Code,
    avs_code: t.avsCode,
    external_transaction_id: t.externalTransactionId,
    card_vault_id: t.cardVaultId,
    card: t.card === null ? null : JSON.stringify(t.card),
    three_d: t.threeD === null ? null : JSON.stringify(t.threeD),
    error_code: t.errorCode,
    error_reason: t.errorReason,
    client_unique_id: t.clientUniqueId,
    client_request_id: t.clientRequestId,
    merchant_transaction_id: t.merchantTransactionId,
    product_id: t.productId,
    user_token_id: t.userTokenId,
    webhook_url: t.webhookUrl,
    notification_url: t.notificationUrl,
    created_at: t.createdAt,
    updated_at: t.createdAt,
    apm: t.apm ? JSON.stringify(t.apm) : null,
    awaiting: t.awaiting ?? null,
    options: t.options ? JSON.stringify(t.options) : null,
  };
}

/** The transaction `insert` answers for the row of `t` with the id it was given. */
export function insertedTransaction(t: NewTransaction, id: number | bigint | string): Transaction {
  // Object.assign, not a spread followed by members: V8's slow path for those (ADR 0665)
  return Object.assign({}, t, {
    id: String(id),
    settled: 0 as Minor,
    refunded: 0 as Minor,
    voidedBy: null,
    updatedAt: t.createdAt,
  });
}

/**
 * The outcome of a pending transaction: changes its row only while it is pending. One text per set of
 * outcome fields present (a mask): a field left undefined keeps its column (ADR 0011, 0813).
 */
export function transactionComplete(
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
  r: TransactionResult,
  at: number,
): FixedStatement & { name: string } {
  let mask = 0;
  OUTCOME_FIELDS.forEach((f, i) => (mask |= r[f] !== undefined ? 1 << i : 0));
  // built member by member (the order of the spread literal it replaces): members written after a
  // spread take V8's slow path (ADR 0665)
  const set: Updateable<TransactionTable> = { status: r.status };
  if (r.amount !== undefined) set.amount_minor = r.amount;
  if (r.partialApproval !== undefined) set.partial_approval = r.partialApproval ? 1 : 0;
  if (r.authCode !== undefined) set.auth_code = r.authCode;
  if (r.cvv2Code !== undefined) set.cvv2_code = r.cvv2Code;
  if (r.avsCode !== undefined) set.avs_code = r.avsCode;
  if (r.externalTransactionId !== undefined) set.external_transaction_id = r.externalTransactionId;
  if (r.threeD !== undefined) set.three_d = r.threeD === null ? null : JSON.stringify(r.threeD);
  if (r.errorCode !== undefined) set.error_code = r.errorCode;
  if (r.errorReason !== undefined) set.error_reason = r.errorReason;
  if (r.apm !== undefined) set.apm = r.apm === null ? null : JSON.stringify(r.apm);
  set.awaiting = null;
  set.updated_at = at;
  const key = Number(id);
  const parameters = Object.values(set);
  parameters.push(key, 'pending');
  const statement = fixedStatement(`tx.complete.${mask}`, dialect, parameters, () =>
    db.updateTable('transactions').set(set).where('id', '=', key).where('status', '=', 'pending').compile(),
  );
  return { name: `gh_tx_complete_${mask}`, sql: statement.sql, parameters: statement.parameters };
}

/** A card's vault row, unless its fingerprint has one (a payment's pending write, ADR 0817). */
export function cardVaultInsert(
  db: Kysely<Database>,
  dialect: Dialect,
  fingerprint: string,
  sealed: string,
  at: number,
): FixedStatement {
  const values = { fingerprint, number_sealed: sealed, created_at: at };
  return fixedStatement('vault.insert', dialect, values, () =>
    db
      .insertInto('card_vault')
      .values(values)
      .onConflict((oc) => oc.column('fingerprint').doNothing())
      .compile(),
  );
}

/** Where `card_vault_id` is among a transaction's insert values (they always name every column, in order). */
let vaultIdColumn: number | undefined;

/** A new transaction's insert whose card vault id is the vault row of `fingerprint` (ADR 0817). */
export function transactionInsertVaulted(
  db: Kysely<Database>,
  dialect: Dialect,
  t: NewTransaction,
  fingerprint: string,
): FixedStatement {
  const values = transactionValues(t);
  // the values in column order, the vault subquery's fingerprint in card_vault_id's place (no spread: ADR 0665)
  const parameters: unknown[] = Object.values(values);
  parameters[(vaultIdColumn ??= Object.keys(values).indexOf('card_vault_id'))] = fingerprint;
  return fixedStatement('tx.insert-vaulted', dialect, parameters, () =>
    db
      .insertInto('transactions')
      .values({
        ...values,
        card_vault_id: db.selectFrom('card_vault').select('id').where('fingerprint', '=', fingerprint),
      })
      .compile(),
  );
}

/** The id and card vault id of the transaction the connection inserted last, in the same write (ADR 0817). */
export function transactionLastInserted(db: Kysely<Database>, dialect: Dialect): FixedStatement {
  return fixedStatement('tx.last-inserted', dialect, [], () =>
    db
      .selectFrom('transactions')
      .select(['id', 'card_vault_id'])
      .where('id', '=', sql<number>`${sql.raw(dialect.lastInsertId)}`)
      .compile(),
  );
}

/**
 * A guard of a payment's pending write (ADR 0817): one row while the order's last payment is neither
 * approved nor pending, so the order may be paid; none otherwise. Its own statement after the order's
 * lock, so that on PostgreSQL it reads what a payment committed while the lock was awaited.
 */
export function orderPayable(db: Kysely<Database>, dialect: Dialect, orderId: number): FixedStatement {
  return fixedStatement('order.payable', dialect, [orderId, ...PAYMENT_TYPES, 1, 'none', ...ORDER_PAID_OR_PAYING], () =>
    db
      .selectNoFrom((eb) => eb.lit(1).as('payable'))
      .where((eb) =>
        eb(
          eb.fn.coalesce(
            eb
              .selectFrom('transactions')
              .select('status')
              .where('order_id', '=', orderId)
              .where('type', 'in', PAYMENT_TYPES)
              .orderBy('id', 'desc')
              .limit(1),
            eb.val('none'),
          ),
          'not in',
          [...ORDER_PAID_OR_PAYING],
        ),
      )
      .compile(),
  );
}
