import { type Kysely, sql, type Updateable } from 'kysely';
import {
  type NewTransaction,
  ORDER_PAID_OR_PAYING,
  type TransactionResult,
} from '../domain/payments/transaction.types.js';
import { PAYMENT_TYPES, transactionValues } from './payments.row.js';
import { type FixedStatement, fixedStatement } from './sqlite/fixed-statement.js';
import type { Dialect } from './dialect.js';
import type { Database, TransactionTable } from './tables.js';

/**
 * The fixed statements that write a payment (ADR 0011, 0813, 0817): a pending transaction's outcome,
 * and the statements of a payment's pending write (the card's vault row, the vaulted insert, the row
 * it inserted, the order's payable guard), which store/repos.ts plans into one write.
 */

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
