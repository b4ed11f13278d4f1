import type { Origin } from '../payments/origin.js';
import type { Withdrawal } from './withdrawal.types.js';

/**
 * Who a withdrawal's payout is told to and recorded for: the request's site and user, under the
 * merchant's ids of the request (`fallback` when it has none).
 */
export function payoutOriginOf(
  w: Withdrawal,
  fallback: string,
  clientRequestId: string | undefined,
): Origin & { userTokenId: string } {
  return {
    via: 'session',
    merchantId: w.merchantId,
    siteId: w.siteId,
    entityId: null,
    orderId: null,
    sessionId: null,
    clientUniqueId: w.merchantUniqueId ?? w.merchantWDRequestId ?? fallback,
    clientRequestId: clientRequestId ?? null,
    userTokenId: w.userTokenId,
    notificationUrl: w.notificationUrl,
  };
}
