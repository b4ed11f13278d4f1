import { createHash, timingSafeEqual } from 'node:crypto';

/** The fields `advanceResponseChecksum` covers, after the merchant secret key, in order. */
export const DMN_CHECKSUM_FIELDS = [
  'totalAmount',
  'currency',
  'responseTimeStamp',
  'PPP_TransactionID',
  'Status',
  'productId',
] as const;

/** `advanceResponseChecksum`: lowercase hex SHA-256 of the secret key then the six fields' values. */
export function dmnChecksum(params: Record<string, string | undefined>, merchantSecretKey: string): string {
  const text = merchantSecretKey + DMN_CHECKSUM_FIELDS.map((f) => params[f] ?? '').join('');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Checks a DMN (the `application/x-www-form-urlencoded` POST of a transaction's outcome): its
 * `advanceResponseChecksum` against the site's secret key, in constant time. `params` is the form
 * body as a string, a `URLSearchParams` or a plain object. Returns the fields when it matches, and
 * `undefined` when it does not (answer such a request with an error and do not act on it).
 * De-duplicate by `PPP_TransactionID` + `Status`: a DMN may come more than once.
 */
export function verifyDmn(
  params: string | URLSearchParams | Record<string, string | undefined>,
  merchantSecretKey: string,
): Record<string, string> | undefined {
  const fields: Record<string, string> =
    typeof params === 'string' || params instanceof URLSearchParams
      ? Object.fromEntries(new URLSearchParams(params))
      : (Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string>);
  const given = fields.advanceResponseChecksum;
  if (typeof given !== 'string') return undefined;
  const want = Buffer.from(dmnChecksum(fields, merchantSecretKey));
  const got = Buffer.from(given.toLowerCase());
  return got.length === want.length && timingSafeEqual(got, want) ? fields : undefined;
}
