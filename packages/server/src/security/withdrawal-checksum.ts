/**
 * The checksum rule of the withdrawal management calls (`/ppp/api/withdrawal/<method>.do`,
 * DECISIONS.md 5): merchantId, merchantSiteId, then the value of every other field in the order the
 * fields appear in the request body (nested objects and arrays flattened in order), then timeStamp,
 * then the merchant secret key. `checksum` itself is not covered; null values are skipped.
 */
const FIXED = new Set(['merchantId', 'merchantSiteId', 'timeStamp', 'checksum']);

function flatten(value: unknown, out: string[]): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) flatten(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) flatten(v, out);
}

/** The values the checksum covers, in order (JSON object member order is the body's order). */
export function withdrawalChecksumValues(body: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  flatten(body.merchantId, out);
  flatten(body.merchantSiteId, out);
  for (const [k, v] of Object.entries(body)) if (!FIXED.has(k)) flatten(v, out);
  flatten(body.timeStamp, out);
  return out;
}
