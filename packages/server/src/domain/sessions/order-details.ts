import type { OrderDetails } from './session.types.js';

/** Customer classes that `preventOverride` guards (docs/session-methods.md). */
export const GUARDED_CLASSES = ['billingAddress', 'userDetails', 'shippingAddress'] as const;

/** Members of the credentials and signature: never kept among an order's details. */
const ENVELOPE_MEMBERS = new Set(['merchantId', 'merchantSiteId', 'timeStamp', 'checksum', 'sessionToken', 'orderId']);

/** An order's details from a validated request: every member but credentials and signature. */
export function detailsOf(body: Readonly<Record<string, unknown>>): OrderDetails {
  const out: OrderDetails = {};
  for (const [k, v] of Object.entries(body)) if (!ENVELOPE_MEMBERS.has(k) && v !== undefined) out[k] = v;
  return out;
}

/** Was the order opened with `preventOverride: '1'`? */
export function overrideIsPrevented(details: OrderDetails): boolean {
  return details.preventOverride === '1';
}

/**
 * An order's details after an updateOrder call: each member sent replaces the one kept (a class is
 * replaced whole, so members it leaves out become null). With `preventOverride: '1'` at opening,
 * billingAddress, userDetails and shippingAddress keep their opening values, even when those were blank.
 */
export function applyUpdate(current: OrderDetails, changes: OrderDetails): OrderDetails {
  const next: OrderDetails = { ...current };
  const guarded = overrideIsPrevented(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) continue;
    if (guarded && (GUARDED_CLASSES as readonly string[]).includes(k)) continue;
    next[k] = v;
  }
  return next;
}
