import { formatDecimal } from '../lib/money.js';
import { sha256Hex } from '../lib/hash.js';
import { dmnTimeStamp } from '../domain/notifications/dmn-time.js';
import { transactionEventType } from '../domain/notifications/event-type.js';
import type { NotificationEvent, TransactionOutcome } from '../domain/notifications/notification.types.js';

/**
 * Direct merchant notifications (docs/notifications.md): an `application/x-www-form-urlencoded` POST with
 * the real gateway's parameter names, and `advanceResponseChecksum` added when it is sent.
 */

export { dmnTimeStamp };

/** The DMN parameters of an outcome, in the order they are sent (the checksum is not among them). */
export function dmnParams(o: TransactionOutcome): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const put = (name: string, value: string | number | undefined | null) => {
    if (value !== undefined && value !== null) out.push([name, String(value)]);
  };
  put('ppp_status', o.status === 'APPROVED' || o.status === 'PENDING' ? 'OK' : 'FAIL');
  put('Status', o.status);
  put('ErrCode', o.errCode ?? 0);
  put('ExErrCode', o.exErrCode ?? 0);
  put('Reason', o.reason ?? '');
  put('PPP_TransactionID', o.pppTransactionId);
  put('TransactionID', o.transactionId);
  put('relatedTransactionId', o.relatedTransactionId);
  put('transactionType', o.transactionType);
  put('totalAmount', formatDecimal(o.amount, o.currency));
  put('currency', o.currency);
  put('responseTimeStamp', dmnTimeStamp(o.at));
  // Always present (possibly empty): it is part of the checksum.
  put('productId', o.productId ?? '');
  put('merchant_unique_id', o.clientUniqueId);
  put('clientUniqueId', o.clientUniqueId);
  put('clientRequestId', o.clientRequestId);
  put('customData', o.customData);
  (o.customFields ?? []).slice(0, 15).forEach((v, i) => put(`customField${i + 1}`, v));
  put('payment_method', o.paymentMethod);
  put('AuthCode', o.authCode);
  put('userPaymentOptionId', o.userPaymentOptionId);
  put('user_token_id', o.userTokenId);
  put('nameOnCard', o.card?.nameOnCard);
  put('bin', o.card?.bin);
  put('last4Digits', o.card?.last4Digits);
  put('cardCompany', o.card?.cardCompany);
  put('merchant_id', o.merchantId);
  put('merchant_site_id', o.siteId);
  return out;
}

/**
 * `advanceResponseChecksum`: lowercase hex SHA-256 of secret key + totalAmount + currency +
 * responseTimeStamp + PPP_TransactionID + Status + productId.
 */
export function dmnChecksum(secretKey: string, p: URLSearchParams): string {
  const v = (name: string) => p.get(name) ?? '';
  return sha256Hex(
    secretKey +
      v('totalAmount') +
      v('currency') +
      v('responseTimeStamp') +
      v('PPP_TransactionID') +
      v('Status') +
      v('productId'),
  );
}

/** The body as sent: the stored parameters plus `advanceResponseChecksum`. */
export function signedDmnBody(payload: string, secretKey: string): string {
  const params = new URLSearchParams(payload);
  params.set('advanceResponseChecksum', dmnChecksum(secretKey, params));
  return params.toString();
}

/** The DMN of an outcome, to `url`; de-duplicated by PPP_TransactionID + Status as receivers do. */
export function dmnNotification(o: TransactionOutcome, url: string): NotificationEvent {
  return {
    kind: 'dmn',
    dedupeKey: `dmn:${o.pppTransactionId}:${o.status}`,
    merchantId: o.merchantId,
    siteId: o.siteId,
    orderId: o.orderId,
    sessionId: o.sessionId,
    transactionId: o.transactionId,
    targetUrl: url,
    eventType: transactionEventType(o.status),
    payload: new URLSearchParams(dmnParams(o)).toString(),
  };
}
