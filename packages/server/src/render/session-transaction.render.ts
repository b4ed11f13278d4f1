import { awaitsShopper, failureOf } from '../domain/payments/transaction.facts.js';
import type { Transaction } from '../domain/payments/transaction.types.js';
import { formatDecimal } from '../lib/money.js';
import type { Static } from 'typebox';
import type { SessionTransactionResponse, TransactionFields } from '../schemas/session/payment.schema.js';
import { additionalInfo, brandFields, sessionThreeDResultMembers, threeDOutput } from './transaction-parts.js';

/**
 * A transaction as the session API's members tell it (docs/session-methods.md), shared by the session API and the
 * client (SDK) API: `APPROVED` … statuses and the gateway codes. The session's full members
 * (`sessionTransactionFields`) are also the answer recovery stores for a session request
 * (`render/transaction-render.ts`).
 */

export const SESSION_STATUS = {
  approved: 'APPROVED',
  declined: 'DECLINED',
  error: 'ERROR',
  pending: 'PENDING',
} as const satisfies Record<Transaction['status'], string>;

/**
 * gwErrorCode, gwErrorReason, gwExtendedErrorCode of an outcome: the codes are 0 and there is no
 * gwErrorReason key when nothing failed. Clients take their message from `gwErrorReason` before
 * `transactionStatus`, so an empty one would read an approval's message as "" (docs/gateway-facts.md,
 * docs/decisions/0151).
 */
export function gatewayCodes(tx: Transaction): {
  gwErrorCode: number;
  gwErrorReason?: string;
  gwExtendedErrorCode: number;
} {
  const f = failureOf(tx);
  return f.reason === ''
    ? { gwErrorCode: f.code, gwExtendedErrorCode: f.extended }
    : { gwErrorCode: f.code, gwErrorReason: f.reason, gwExtendedErrorCode: f.extended };
}

/** The amounts of a partial approval: requested, and processed (0 unless approved), in the transaction's currency. */
export function partialApprovalAmounts(tx: Transaction) {
  return {
    requestedAmount: formatDecimal(tx.requestedAmount, tx.currency),
    requestedCurrency: tx.currency,
    processedAmount: formatDecimal(tx.status === 'approved' ? tx.amount : 0, tx.currency),
    processedCurrency: tx.currency,
  };
}

/** The sandbox screens nothing: every card answer's fraud screening result, one object. */
const FRAUD_ACCEPTED = Object.freeze({ finalDecision: 'Accept', score: '0' });

/** The simulated acquirer's id, as the card answers carry one. */
const ACQUIRER_ID = '19';

/** The masked number as the real gateway's session answers show it: first digit, four stars, last four. */
function shortMask(bin: string, last4: string): string {
  return `${bin.slice(0, 1)}****${last4}`;
}

/**
 * The members a card transaction's answer carries besides its codes, as the clients read them
 * (docs/gateway-facts.md, docs/decisions/0151): the issuer's decline code and reason (empty unless
 * declined), the scheme's transaction id and the merchant advice code (the simulated acquirer has
 * none), and the fraud screening result (the sandbox screens nothing: Accept, score 0).
 */
function cardAnswerMembers(tx: Transaction): Record<string, unknown> {
  const declined = tx.status === 'declined';
  return {
    issuerDeclineCode: declined ? (tx.errorCode ?? '') : '',
    issuerDeclineReason: declined ? (tx.errorReason ?? '') : '',
    externalSchemeTransactionId: '',
    merchantAdviceCode: '',
    fraudDetails: FRAUD_ACCEPTED,
  };
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
    ...(tx.partialApproval ? { partialApproval: partialApprovalAmounts(tx) } : {}),
    ...(card
      ? {
          ...cardAnswerMembers(tx),
          paymentOption: {
            paymentAccountReference: '',
            card: {
              ccCardNumber: shortMask(card.bin, card.last4Digits),
              bin: card.bin,
              last4Digits: card.last4Digits,
              ccExpMonth: card.expirationMonth,
              ccExpYear: card.expirationYear.slice(-2),
              acquirerId: ACQUIRER_ID,
              cvv2Reply: tx.cvv2Code ?? '',
              avsCode: tx.avsCode ?? '',
              cardHolderName: card.cardHolderName,
              cardBrand: card.cardBrand,
              ...brandFields(card),
              cardType: card.cardType,
              issuerBankName: card.issuerBankName ?? '',
              issuerCountry: card.issuerCountry,
              isPrepaid: 'false',
              threeD: threeD ? Object.assign(sessionThreeDResultMembers(tx), threeD) : {},
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
