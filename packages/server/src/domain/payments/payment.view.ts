import { formatDecimal, toJsonNumber } from '../../lib/money.js';
import type { OutcomeStatus, TransactionOutcome } from '../notifications/notification.types.js';
import type { CardOutput, Transaction } from './transaction.types.js';

/**
 * How a transaction reads on each interface: the REST payment response (spec 2.13, also the data of
 * a webhook and of GET /orders/status), the session API's payment members (spec 2.6), and the
 * outcome a DMN reports. Kept in one place so every surface tells the same story.
 */

const REST_STATUS = { approved: 'approved', declined: 'declined', error: 'error', pending: 'pending' } as const;

function threeDOutput(tx: Transaction): Record<string, unknown> | undefined {
  if (!tx.threeD) return undefined;
  const t = tx.threeD;
  return {
    eci: t.eci,
    cavv: t.cavv,
    dsTransID: t.dsTransID,
    version: t.version,
    result: t.status,
    isLiabilityOnIssuer: t.isLiabilityOnIssuer ? '1' : '0',
  };
}

/** A pending APM payment whose shopper has not answered its page yet (docs/decisions/0360). */
export function awaitsShopper(tx: Transaction): boolean {
  return tx.status === 'pending' && tx.awaiting === 'shopper';
}

/**
 * What the request passed to the acquirer beyond the card (docs/decisions/0362), echoed as
 * `additionalTransactionInfo` (string values; amounts in major units).
 */
function additionalInfo(tx: Transaction): Record<string, string> | undefined {
  const o = tx.options;
  if (!o) return undefined;
  const out: Record<string, string> = {};
  if (o.rebill) {
    out.rebillStep = o.rebill.step;
    if (o.rebill.expiry) out.rebillExpiry = o.rebill.expiry;
    if (o.rebill.frequency !== undefined) out.rebillFrequency = String(o.rebill.frequency);
  }
  if (o.isRebilling !== undefined) out.isRebilling = o.isRebilling ? '1' : '0';
  if (o.zeroAmountReason) out.zeroAmountReason = o.zeroAmountReason;
  if (o.authenticationOnlyType) out.authenticationOnlyType = o.authenticationOnlyType;
  if (o.currencyConversion) {
    out.currencyConversionType = o.currencyConversion.type;
    out.originalAmount = formatDecimal(o.currencyConversion.originalAmount, o.currencyConversion.originalCurrency);
    out.originalCurrency = o.currencyConversion.originalCurrency;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The REST payment response of spec 2.13 (JSON amounts in major units). */
export function restPaymentResponse(tx: Transaction): Record<string, unknown> {
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
    transactionType: tx.type,
    result: {
      status: awaitsShopper(tx) ? 'redirect' : REST_STATUS[tx.status],
      ...(failed ? { errors: { code: tx.errorCode ?? (tx.status === 'error' ? '-1100' : '-1'), reason: tx.errorReason ?? '' } } : {}),
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

/** A co-badged card's second brand, and the brand the payment was processed with (docs/decisions/0413). */
export function brandFields(card: CardOutput): { secondaryBrand?: string; processedBrand: string } {
  return {
    ...(card.secondaryBrand ? { secondaryBrand: card.secondaryBrand } : {}),
    processedBrand: card.processedBrand ?? card.cardBrand,
  };
}

export const SESSION_STATUS = { approved: 'APPROVED', declined: 'DECLINED', error: 'ERROR', pending: 'PENDING' } as const;

/** gwErrorCode, gwErrorReason, gwExtendedErrorCode of an outcome (0 and '' when approved). */
export function gatewayCodes(tx: Transaction): { gwErrorCode: number; gwErrorReason: string; gwExtendedErrorCode: number } {
  const ext = Number(tx.errorCode);
  const extended = Number.isInteger(ext) ? ext : 0;
  if (tx.status === 'declined') return { gwErrorCode: -1, gwErrorReason: tx.errorReason ?? 'Decline', gwExtendedErrorCode: extended };
  if (tx.status === 'error') return { gwErrorCode: -1100, gwErrorReason: tx.errorReason ?? 'Error', gwExtendedErrorCode: extended };
  return { gwErrorCode: 0, gwErrorReason: '', gwExtendedErrorCode: 0 };
}

/** The members of a session API answer that describe a transaction (payment, settle, refund, void). */
export function sessionTransactionFields(tx: Transaction): Record<string, unknown> {
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
            processedAmount: formatDecimal(tx.amount, tx.currency),
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

/** What a DMN (and the outbox) reports of a finished transaction. */
export function outcomeOf(tx: Transaction, at: number): TransactionOutcome {
  const status = SESSION_STATUS[tx.status] as OutcomeStatus;
  const codes = gatewayCodes(tx);
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
    ...(tx.status === 'approved' ? {} : { errCode: codes.gwErrorCode, exErrCode: codes.gwExtendedErrorCode, reason: codes.gwErrorReason }),
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
            cardCompany: brandFields(tx.card).processedBrand,
          },
        }
      : {}),
    ...(tx.merchantTransactionId ? { merchantTransactionId: tx.merchantTransactionId } : {}),
  };
}
