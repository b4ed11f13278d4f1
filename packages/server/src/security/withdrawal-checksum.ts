import { fieldsOf } from './checksum-fields.js';

/**
 * The checksum rule of the withdrawal management calls (`/ppp/api/withdrawal/<method>.do`,
 * docs/session-api.md): merchantId, merchantSiteId, then the value of every other field in the order the
 * fields appear in the request body (nested objects and arrays flattened in order), then timeStamp,
 * then the merchant secret key. `checksum` itself is not covered; null values are skipped. A boolean
 * is written as JSON shows it (`true`, `false`) or as the PHP SDK writes it (`true` → `1`, `false` →
 * empty); either is accepted, as for the other catalogue methods (docs/decisions/0123).
 */

/** How a boolean becomes text: as JSON shows it, or as the PHP SDK writes it. */
export type BooleanText = 'json' | 'php';

/** Members the PHP SDK appends to every body after computing the checksum (docs/gateway-facts.md). */
const APPENDED_AFTER_CHECKSUM = ['sourceApplication', 'webMasterId'] as const;
const FIXED = new Set(['merchantId', 'merchantSiteId', 'timeStamp', 'checksum', ...APPENDED_AFTER_CHECKSUM]);

function flatten(value: unknown, out: string[], booleans: BooleanText): void {
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
  else if (typeof value === 'boolean') out.push(booleans === 'json' ? String(value) : value ? '1' : '');
  else if (Array.isArray(value)) for (const v of value) flatten(v, out, booleans);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) flatten(v, out, booleans);
}

/** The values the checksum covers, in order (JSON object member order is the body's order). */
export function withdrawalChecksumValues(
  body: Readonly<Record<string, unknown>>,
  booleans: BooleanText = 'json',
): string[] {
  const out: string[] = [];
  flatten(body.merchantId, out, booleans);
  flatten(body.merchantSiteId, out, booleans);
  for (const [k, v] of Object.entries(body)) if (!FIXED.has(k)) flatten(v, out, booleans);
  flatten(body.timeStamp, out, booleans);
  return out;
}

/** Does the body carry a boolean anywhere (so that the PHP SDK's text of it may differ)? */
export function hasBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasBoolean);
  return false;
}

/**
 * The withdrawal methods whose required fields the PHP SDK hashes in a fixed order (then the secret):
 * their part of the one table (`checksum-fields.ts`). The server accepts that order or the body
 * order (docs/decisions/0131).
 */
export const WITHDRAWAL_REQ_CHECKSUM_FIELDS: Readonly<Record<string, readonly string[]>> = fieldsOf('withdrawal');
