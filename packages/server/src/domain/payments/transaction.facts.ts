import type { OutcomeStatus, TransactionOutcome } from '../notifications/notification.types.js';
import type { Transaction } from './transaction.types.js';

/**
 * Facts about a transaction that every interface tells the same way (docs/decisions/0617). The
 * wire shapes that carry them are rendered outside the domain: `render/rest-payment.render.ts`,
 * `render/session-transaction.render.ts`, `http/client/result.ts`.
 */

/** A pending APM payment whose shopper has not answered its page yet (docs/decisions/0360). */
export function awaitsShopper(tx: Transaction): boolean {
  return tx.status === 'pending' && tx.awaiting === 'shopper';
}

/** Why a transaction failed: its gateway code (-1 decline, -1100 error), the acquirer's code, and the reason. */
export interface FailureFacts {
  code: number;
  extended: number;
  reason: string;
}

/** The failure of a declined or failed transaction; code 0 and '' when it did not fail. */
export function failureOf(tx: Transaction): FailureFacts {
  const ext = Number(tx.errorCode);
  const extended = Number.isInteger(ext) ? ext : 0;
  if (tx.status === 'declined') return { code: -1, reason: tx.errorReason ?? 'Decline', extended };
  if (tx.status === 'error') return { code: -1100, reason: tx.errorReason ?? 'Error', extended };
  return { code: 0, reason: '', extended: 0 };
}

/** The brand a payment was processed with: the selected brand of a co-badged card, else its brand (docs/decisions/0413). */
export function processedBrandOf(card: NonNullable<Transaction['card']>): string {
  return card.processedBrand ?? card.cardBrand;
}

const OUTCOME_STATUS = {
  approved: 'APPROVED',
  declined: 'DECLINED',
  error: 'ERROR',
  pending: 'PENDING',
} as const satisfies Record<Transaction['status'], OutcomeStatus>;

/** What a DMN (and the outbox) reports of a finished transaction: the typed facts of the notification. */
export function outcomeOf(tx: Transaction, at: number): TransactionOutcome {
  const status = OUTCOME_STATUS[tx.status];
  const failure = failureOf(tx);
  return {
    merchantId: tx.merchantId,
    siteId: tx.siteId,
    orderId: tx.orderId,
    sessionId: tx.sessionId,
    transactionId: tx.id,
    pppTransactionId: tx.id,
    ...(tx.relatedTransactionId ? { relatedTransactionId: tx.relatedTransactionId } : {}),
    transactionType: tx.type,
    status,
    amount: tx.amount,
    currency: tx.currency,
    at,
    ...(tx.status === 'approved' ? {} : { errCode: failure.code, exErrCode: failure.extended, reason: failure.reason }),
    ...(tx.productId ? { productId: tx.productId } : {}),
    ...(tx.clientUniqueId ? { clientUniqueId: tx.clientUniqueId } : {}),
    ...(tx.clientRequestId ? { clientRequestId: tx.clientRequestId } : {}),
    paymentMethod: tx.apm?.method ?? 'cc_card',
    ...(tx.apm?.userPaymentOptionId ? { userPaymentOptionId: tx.apm.userPaymentOptionId } : {}),
    ...(tx.authCode ? { authCode: tx.authCode } : {}),
    ...(tx.userTokenId ? { userTokenId: tx.userTokenId } : {}),
    ...(tx.card
      ? {
          card: {
            nameOnCard: tx.card.cardHolderName,
            bin: tx.card.bin,
            last4Digits: tx.card.last4Digits,
            cardCompany: processedBrandOf(tx.card),
          },
        }
      : {}),
    ...(tx.merchantTransactionId ? { merchantTransactionId: tx.merchantTransactionId } : {}),
  };
}
