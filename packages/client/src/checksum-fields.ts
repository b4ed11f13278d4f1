/**
 * The fields each session method's checksum covers, in order (Gatehouse docs/session-api.md). The merchant
 * secret key follows the last one. `urlDetails` stands for its values successUrl, failureUrl,
 * pendingUrl, notificationUrl, in that order.
 */
const AMOUNT_ORDER = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'] as const;
const TRANSACTION_ORDER = [
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'amount',
  'currency',
  'relatedTransactionId',
  'authCode',
  'comment',
  'urlDetails',
  'timeStamp',
] as const;

export const CHECKSUM_FIELDS = {
  getSessionToken: ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'],
  openOrder: AMOUNT_ORDER,
  updateOrder: AMOUNT_ORDER,
  getPaymentStatus: AMOUNT_ORDER,
  payment: AMOUNT_ORDER,
  initPayment: AMOUNT_ORDER,
  payout: AMOUNT_ORDER,
  getCardDetails: AMOUNT_ORDER,
  getDccDetails: AMOUNT_ORDER,
  cardTokenization: AMOUNT_ORDER,
  settleTransaction: [
    'merchantId',
    'merchantSiteId',
    'clientRequestId',
    'clientUniqueId',
    'amount',
    'currency',
    'relatedTransactionId',
    'authCode',
    'descriptorMerchantName',
    'descriptorMerchantPhone',
    'comment',
    'urlDetails',
    'timeStamp',
  ],
  refundTransaction: TRANSACTION_ORDER,
  voidTransaction: TRANSACTION_ORDER,
  getUserUPOs: ['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'timeStamp'],
  deleteUPO: ['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'userPaymentOptionId', 'timeStamp'],
} as const satisfies Record<string, readonly string[]>;

export type SessionMethod = keyof typeof CHECKSUM_FIELDS;

export const URL_DETAILS_ORDER = ['successUrl', 'failureUrl', 'pendingUrl', 'notificationUrl'] as const;

/** The values a method's checksum covers, read from a request body, in order; absent ones skipped. */
export function checksumValues(method: SessionMethod, body: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of CHECKSUM_FIELDS[method]) {
    const value = body[field];
    if (field === 'urlDetails') {
      if (value && typeof value === 'object') {
        for (const u of URL_DETAILS_ORDER) push(out, (value as Record<string, unknown>)[u]);
      }
      continue;
    }
    push(out, value);
  }
  return out;
}

function push(out: string[], value: unknown): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
}
