import type { Selectable } from 'kysely';
import type { Minor } from '../lib/money.js';
import type { ThreeDResult } from '../domain/payments/acquirer.port.js';
import type {
  ApmRecord,
  CardOutput,
  NewTransaction,
  ProcessingOptions,
  Transaction,
} from '../domain/payments/transaction.types.js';
import type { TransactionTable } from './tables.js';
import { transactionObject } from '../domain/payments/transaction.object.js';

/**
 * A payment transaction and its row in `transactions`: the row read as a `Transaction`, a new
 * transaction's insert values, and which types count as a session's or order's payment. Shared by the
 * payment repository (payments.repo.ts), its write statements (payments.write.ts) and the reads of
 * order status and the dashboard.
 */

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

/**
 * The transaction `insert` answers for the row of `t` with the id it was given (as `toTransaction`
 * reads it back); `over` what the insert set beside `t` (a vaulted card's id).
 */
export function insertedTransaction(
  t: NewTransaction,
  id: number | bigint | string,
  over: Partial<Transaction> = {},
): Transaction {
  return transactionObject(
    t,
    { id: String(id), settled: 0 as Minor, refunded: 0 as Minor, voidedBy: null, updatedAt: t.createdAt },
    over,
  );
}
