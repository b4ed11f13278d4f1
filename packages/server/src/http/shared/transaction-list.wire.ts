import { formatDecimal } from '../../lib/money.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import type { TransactionWire } from '../../schemas/dashboard/transactions.schema.js';

/** A transaction as the control panel and the admin API list it: amounts in major units, never more of the card than its last four. */
export function transactionToWire(t: Transaction): TransactionWire {
  return {
    id: t.id,
    orderId: t.orderId === null ? '' : String(t.orderId),
    type: t.type,
    status: t.status.toUpperCase() as TransactionWire['status'],
    amount: formatDecimal(t.amount, t.currency),
    currency: t.currency,
    last4: t.card?.last4Digits ?? null,
    brand: t.card?.cardBrand ?? null,
    reason: t.errorReason,
    merchantSiteId: t.siteId,
    createdAt: new Date(t.createdAt).toISOString(),
  };
}
