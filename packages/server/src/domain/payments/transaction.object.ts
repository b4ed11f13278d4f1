import type { NewTransaction, Transaction } from './transaction.types.js';

/** The members a stored transaction has beyond a new one. */
export type StoredMembers = Pick<Transaction, 'id' | 'settled' | 'refunded' | 'voidedBy' | 'updatedAt'>;

const or = <T>(v: T | undefined, was: T): T => (v === undefined ? was : v);

/**
 * A transaction as one object literal with every member, in the order a row is read back
 * (`toTransaction` in the store): `t` with `stored`, each member replaced by `over`'s where that one is
 * not undefined. Every transaction object of a payment's path so has the same hidden class as one read
 * from the store. A copy made member by member (`Object.assign({}, t, …)` of these 35 members) ends in
 * V8's dictionary mode: five times slower to build and slower to read (docs/decisions/0668).
 */
export function transactionObject(
  t: NewTransaction,
  stored: StoredMembers,
  over: Partial<Transaction> = {},
): Transaction {
  return {
    id: or(over.id, stored.id),
    merchantId: or(over.merchantId, t.merchantId),
    siteId: or(over.siteId, t.siteId),
    entityId: or(over.entityId, t.entityId),
    interface: or(over.interface, t.interface),
    orderId: or(over.orderId, t.orderId),
    sessionId: or(over.sessionId, t.sessionId),
    type: or(over.type, t.type),
    relatedTransactionId: or(over.relatedTransactionId, t.relatedTransactionId),
    amount: or(over.amount, t.amount),
    requestedAmount: or(over.requestedAmount, t.requestedAmount),
    currency: or(over.currency, t.currency),
    status: or(over.status, t.status),
    partialApproval: or(over.partialApproval, t.partialApproval),
    authCode: or(over.authCode, t.authCode),
    cvv2Code: or(over.cvv2Code, t.cvv2Code),
    avsCode: or(over.avsCode, t.avsCode),
    externalTransactionId: or(over.externalTransactionId, t.externalTransactionId),
    cardVaultId: or(over.cardVaultId, t.cardVaultId),
    card: or(over.card, t.card),
    threeD: or(over.threeD, t.threeD),
    errorCode: or(over.errorCode, t.errorCode),
    errorReason: or(over.errorReason, t.errorReason),
    clientUniqueId: or(over.clientUniqueId, t.clientUniqueId),
    clientRequestId: or(over.clientRequestId, t.clientRequestId),
    merchantTransactionId: or(over.merchantTransactionId, t.merchantTransactionId),
    productId: or(over.productId, t.productId),
    userTokenId: or(over.userTokenId, t.userTokenId),
    webhookUrl: or(over.webhookUrl, t.webhookUrl),
    notificationUrl: or(over.notificationUrl, t.notificationUrl),
    settled: or(over.settled, stored.settled),
    refunded: or(over.refunded, stored.refunded),
    voidedBy: or(over.voidedBy, stored.voidedBy),
    createdAt: or(over.createdAt, t.createdAt),
    updatedAt: or(over.updatedAt, stored.updatedAt),
    apm: or(over.apm, t.apm ?? null),
    awaiting: or(over.awaiting, t.awaiting ?? null),
    options: or(over.options, t.options ?? null),
  };
}
