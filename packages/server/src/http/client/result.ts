import type { Transaction } from '../../domain/payments/transaction.types.js';
import { formatDecimal } from '../../lib/money.js';
import { awaitsShopper } from '../../domain/payments/transaction.facts.js';
import { gatewayCodes, SESSION_STATUS } from '../../render/session-transaction.render.js';

/**
 * A transaction as the SDK's payment result (docs/web-sdk.md): `result`, `errCode` 0 for an approval or a
 * decline, `errorDescription`, the amount and currency charged, the masked card and the 3-D Secure values. Never the card number.
 */
export function paymentResultOf(tx: Transaction, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const card = tx.card;
  const t = tx.threeD;
  const codes = gatewayCodes(tx);
  const status = SESSION_STATUS[tx.status];
  return {
    result: status,
    errCode: 0,
    errorDescription: tx.status === 'approved' || tx.status === 'pending' ? '' : (codes.gwErrorReason ?? ''),
    transactionId: tx.id,
    transactionStatus: status,
    transactionType: tx.type,
    // what was charged: with DCC the converted amount and currency (docs/decisions/0412)
    amount: formatDecimal(tx.amount, tx.currency),
    currency: tx.currency,
    authCode: tx.authCode ?? '',
    gwErrorCode: codes.gwErrorCode,
    // the browser SDK's result keeps the member, empty when nothing failed (docs/web-sdk.md)
    gwErrorReason: codes.gwErrorReason ?? '',
    gwExtendedErrorCode: codes.gwExtendedErrorCode,
    ...(card
      ? {
          ccCardNumber: card.maskedCardNumber,
          bin: card.bin,
          last4Digits: card.last4Digits,
          ccExpMonth: card.expirationMonth,
          ccExpYear: card.expirationYear,
          cardBrand: card.cardBrand,
        }
      : {}),
    ...(tx.apm
      ? {
          paymentMethod: tx.apm.method,
          ...(tx.apm.userPaymentOptionId ? { userPaymentOptionId: tx.apm.userPaymentOptionId } : {}),
          ...(awaitsShopper(tx) && tx.apm.redirectUrl ? { redirectUrl: tx.apm.redirectUrl } : {}),
        }
      : {}),
    ...(t
      ? {
          eci: t.eci,
          cavv: t.cavv,
          dsTransID: t.dsTransID,
          isLiabilityOnIssuer: t.isLiabilityOnIssuer ? '1' : '0',
          threeDVersion: t.version,
        }
      : {}),
    ...extra,
  };
}
