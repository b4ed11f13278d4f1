import { awaitsShopper } from '../domain/payments/transaction.facts.js';
import type { Transaction } from '../domain/payments/transaction.types.js';
import { toJsonNumber } from '../lib/money.js';
import type { PaymentResponse } from '../schemas/rest/payment.schema.js';
import { additionalInfo, brandFields, threeDOutput } from './transaction-parts.js';

/**
 * A transaction as the REST payment response (docs/rest-orders.md) (JSON amounts in major units). REST answers
 * it; so do the admin API's APM completion, the 3-D Secure steps, and a REST webhook's `data`
 * (`render/transaction-render.ts`), which is why it lives in `render/` and not in `http/rest/`.
 */

const REST_STATUS = {
  approved: 'approved',
  declined: 'declined',
  error: 'error',
  pending: 'pending',
} as const satisfies Record<Transaction['status'], PaymentResponse['result']['status']>;

export function restPaymentResponse(tx: Transaction): PaymentResponse {
  const card = tx.card;
  const threeD = threeDOutput(tx);
  const failed = tx.status === 'declined' || tx.status === 'error';
  const apm = tx.apm;
  const info = additionalInfo(tx);
  return {
    paymentId: tx.id,
    transactionId: tx.id,
    ...(tx.externalTransactionId ? { externalTransactionId: tx.externalTransactionId } : {}),
    amount: toJsonNumber(tx.amount, tx.currency),
    currency: tx.currency,
    // a payout's webhook says 'Payout': the schema lists the types a payment answer can carry
    transactionType: tx.type as PaymentResponse['transactionType'],
    result: {
      status: awaitsShopper(tx) ? 'redirect' : REST_STATUS[tx.status],
      ...(failed
        ? { errors: { code: tx.errorCode ?? (tx.status === 'error' ? '-1100' : '-1'), reason: tx.errorReason ?? '' } }
        : {}),
    },
    ...(tx.authCode ? { authCode: tx.authCode } : {}),
    ...(tx.cvv2Code ? { cvv2Code: tx.cvv2Code } : {}),
    ...(tx.avsCode ? { avsCode: tx.avsCode } : {}),
    ...(tx.partialApproval
      ? {
          partialApproval: {
            requestedAmount: toJsonNumber(tx.requestedAmount, tx.currency),
            requestedCurrency: tx.currency,
          },
        }
      : {}),
    ...(card
      ? {
          paymentOption: {
            card: {
              cardHolderName: card.cardHolderName,
              maskedCardNumber: card.maskedCardNumber,
              bin: card.bin,
              last4Digits: card.last4Digits,
              expirationMonth: card.expirationMonth,
              expirationYear: card.expirationYear,
              cardType: card.cardType,
              cardBrand: card.cardBrand,
              ...brandFields(card),
              issuerCountry: card.issuerCountry,
              ...(card.issuerBankName ? { issuerBankName: card.issuerBankName } : {}),
              ...(threeD ? { threeD } : {}),
            },
          },
        }
      : {}),
    ...(apm
      ? {
          paymentOption: {
            alternativePaymentMethod: {
              name: apm.method,
              data: { ...apm.data },
              ...(apm.userPaymentOptionId ? { paymentTokenId: apm.userPaymentOptionId } : {}),
            },
          },
          ...(apm.userPaymentOptionId ? { userPaymentOptionId: apm.userPaymentOptionId } : {}),
          ...(awaitsShopper(tx) && apm.redirectUrl ? { redirectUrl: apm.redirectUrl } : {}),
        }
      : {}),
    ...(info ? { additionalTransactionInfo: info } : {}),
  };
}
