import { checksum, timeStamp } from './checksum.js';
import type { BuildOptions, MerchantCredentials, SignedRequest } from './requests.js';

/**
 * The withdrawal management calls (`POST /ppp/api/withdrawal/<method>.do`, Gatehouse
 * docs/withdrawals.md). Their checksum covers merchantId, merchantSiteId, then the value of every other field in
 * the order the fields appear in the request body (nested objects and arrays flattened in order),
 * then timeStamp, then the merchant secret key. `WITHDRAWAL_METHODS` lists every method the server
 * answers under that folder. Send the body exactly as built: its member order is
 * part of the checksum.
 */
export const WITHDRAWAL_METHODS = [
  // requests
  'submitRequest',
  'getRequests',
  'cancelRequest',
  'approveRequest',
  'declineRequest',
  'sealRequest',
  // orders (settlementType 0 pays out, 1 refunds a deposit)
  'placeWithdrawalOrder',
  'getOrders',
  'getOrderIds',
  'settleWithdrawalOrder',
  'settleOrdersInBatch',
  'deleteWithdrawalOrder',
  'updateOrdersDetails',
  // refunds and net deposits
  'getCandidatesForRefund',
  'getNetDeposits',
  'getUserPaymentMethodNetDeposits',
  'updateNetDepositValue',
] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

const FIXED = new Set(['merchantId', 'merchantSiteId', 'timeStamp', 'checksum']);

function flatten(value: unknown, out: string[]): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) flatten(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) flatten(v, out);
}

/** The values a withdrawal call's checksum covers, read from a request body, in order. */
export function withdrawalChecksumValues(body: Record<string, unknown>): string[] {
  const out: string[] = [];
  flatten(body.merchantId, out);
  flatten(body.merchantSiteId, out);
  for (const [k, v] of Object.entries(body)) if (!FIXED.has(k)) flatten(v, out);
  flatten(body.timeStamp, out);
  return out;
}

/** A signed withdrawal call: credentials first, then `fields` in their order, then timeStamp and checksum. */
export function buildWithdrawalRequest<F extends object>(
  creds: MerchantCredentials,
  fields: F,
  options: BuildOptions = {},
): SignedRequest<F> {
  const body: Record<string, unknown> = { merchantId: creds.merchantId, merchantSiteId: creds.merchantSiteId };
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined && k !== 'timeStamp' && k !== 'checksum') body[k] = v;
  const stamp = (fields as { timeStamp?: unknown }).timeStamp;
  // eslint-disable-next-line no-restricted-syntax -- merchant-side helper: the merchant's own clock
  body.timeStamp = typeof stamp === 'string' ? stamp : timeStamp(options.now ?? new Date());
  body.checksum = checksum(withdrawalChecksumValues(body), creds.merchantSecretKey);
  return body as SignedRequest<F>;
}
