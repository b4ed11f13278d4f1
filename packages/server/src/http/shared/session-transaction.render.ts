import { awaitsShopper, failureOf } from '../../domain/payments/transaction.facts.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { formatDecimal } from '../../lib/money.js';
import type { Static } from 'typebox';
import type { SessionTransactionResponse, TransactionFields } from '../../schemas/session/payment.schema.js';
import { additionalInfo, brandFields, threeDOutput } from './transaction-parts.js';

/**
 * A transaction as the session API's members tell it (spec 2.6), shared by the session API and the
 * client (SDK) API: `APPROVED` … statuses and the gateway codes. The session's full members
 * (`sessionTransactionFields`) are also the answer recovery stores for a session request
 * (`http/shared/transaction-render.ts`).
 */

export const SESSION_STATUS = { approved: 'APPROVED', declined: 'DECLINED', error: 'ERROR', pending: 'PENDING' } as const satisfies Record<
  Transaction['status'],
  string
>;

/**
 * gwErrorCode, gwErrorReason, gwExtendedErrorCode of an outcome: the codes are 0 and there is no
 * gwErrorReason key when nothing failed. Clients take their message from `gwErrorReason` before
 * `transactionStatus`, so an empty one would read an approval's message as "" (docs/gateway-facts.md,
 * docs/decisions/0151).
 */
export function gatewayCodes(tx: Transaction): { gwErrorCode: number; gwErrorReason?: string; gwExtendedErrorCode: number } {
  const f = failureOf(tx);
  return f.reason === ''
    ? { gwErrorCode: f.code, gwExtendedErrorCode: f.extended }
    : { gwErrorCode: f.code, gwErrorReason: f.reason, gwExtendedErrorCode: f.extended };
}

/** The members of a session answer that describe a transaction. */
export type SessionTransactionMembers = Pick<Static<typeof SessionTransactionResponse>, keyof typeof TransactionFields>;

/** The members of a session API answer that describe a transaction (payment, settle, refund, void). */
export function sessionTransactionFields(tx: Transaction): SessionTransactionMembers {
  const card = tx.card;
  const threeD = threeDOutput(tx);
  const apm = tx.apm;
  const redirect = awaitsShopper(tx) && apm?.redirectUrl ? apm.redirectUrl : undefined;
  const info = additionalInfo(tx);
  return {
    transactionStatus: redirect ? 'REDIRECT' : SESSION_STATUS[tx.status],
    transactionId: tx.id,
    transactionType: tx.type,
    ...(tx.externalTransactionId ? { externalTransactionId: tx.externalTransactionId } : {}),
    authCode: tx.authCode ?? '',
    ...gatewayCodes(tx),
    ...(tx.cvv2Code ? { cvv2Code: tx.cvv2Code } : {}),
    ...(tx.avsCode ? { avsCode: tx.avsCode } : {}),
    amount: formatDecimal(tx.amount, tx.currency),
    currency: tx.currency,
    ...(tx.partialApproval
      ? {
          partialApproval: {
            requestedAmount: formatDecimal(tx.requestedAmount, tx.currency),
            requestedCurrency: tx.currency,
            processedAmount: formatDecimal(tx.status === 'approved' ? tx.amount : 0, tx.currency),
            processedCurrency: tx.currency,
          },
        }
      : {}),
    ...(card
      ? {
          paymentOption: {
            card: {
              ccCardNumber: card.maskedCardNumber,
              bin: card.bin,
              last4Digits: card.last4Digits,
              ccExpMonth: card.expirationMonth,
              ccExpYear: card.expirationYear,
              cardHolderName: card.cardHolderName,
              cardBrand: card.cardBrand,
              ...brandFields(card),
              cardType: card.cardType,
              issuerCountry: card.issuerCountry,
              ...(threeD ? { threeD } : {}),
            },
          },
        }
      : {}),
    ...(apm
      ? {
          paymentOption: {
            alternativePaymentMethod: { paymentMethod: apm.method, ...apm.data },
            ...(redirect ? { redirectUrl: redirect } : {}),
          },
          ...(apm.userPaymentOptionId ? { userPaymentOptionId: apm.userPaymentOptionId } : {}),
          ...(redirect ? { redirectUrl: redirect } : {}),
        }
      : {}),
    ...(info ? { additionalTransactionInfo: info } : {}),
  };
}
