import { hash } from 'node:crypto';
import type { Secret } from '../lib/secret.js';
import { fieldsOf } from './checksum-fields.js';
import { constantTimeEqual } from './constant-time.js';

/**
 * Session API checksums (docs/session-api.md): lowercase hex SHA-256 of the listed fields' values
 * concatenated in order, then the merchant secret key. A field absent from the request is skipped;
 * `urlDetails` contributes its values in the order successUrl, failureUrl, pendingUrl, notificationUrl.
 */
/** The seed methods' part of the one table (`checksum-fields.ts`). */
export const CHECKSUM_FIELDS = fieldsOf('seed');

export type SessionMethod = keyof typeof CHECKSUM_FIELDS;

export const URL_DETAILS_ORDER = ['successUrl', 'failureUrl', 'pendingUrl', 'notificationUrl'] as const;

/** The values `method`'s checksum covers, in order. Values that are not scalars count as absent. */
export function checksumValues(method: SessionMethod, body: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const push = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
  };
  for (const field of CHECKSUM_FIELDS[method]) {
    const value = body[field];
    if (field !== 'urlDetails') push(value);
    else if (value !== null && typeof value === 'object')
      for (const u of URL_DETAILS_ORDER) push((value as Record<string, unknown>)[u]);
  }
  return out;
}

/** The checksum of `values` under `secret`. */
export function sessionChecksum(values: readonly string[], secret: Secret<string>): string {
  return hash('sha256', values.join('') + secret.expose(), 'hex');
}

/** Does `presented` match the checksum of `body` for `method`? Compared in constant time. */
export function verifySessionChecksum(
  method: SessionMethod,
  body: Readonly<Record<string, unknown>>,
  secret: Secret<string>,
  presented: string,
): boolean {
  return constantTimeEqual(sessionChecksum(checksumValues(method, body), secret), presented.toLowerCase());
}
