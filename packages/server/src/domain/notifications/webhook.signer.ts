import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-signature` carries
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, space-separated, so that during a
 * rotation a receiver holding either secret can verify (docs/decisions/0202).
 */

const SECRET_PREFIX = 'whsec_';

/** The key bytes of a `whsec_<base64>` secret. */
export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  if (key.length < 24 || key.length > 64) throw new Error('a webhook secret holds 24 to 64 bytes');
  return key;
}

export function formatWebhookSecret(key: Buffer): string {
  return SECRET_PREFIX + key.toString('base64');
}

export function webhookSignature(secret: string, id: string, timestampSec: number, body: string): string {
  const mac = createHmac('sha256', webhookSecretKey(secret))
    .update(`${id}.${timestampSec}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one delivery attempt. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSec: number,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  if (secrets.length === 0) throw new Error('no webhook secret to sign with');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': secrets.map((s) => webhookSignature(s, id, timestampSec, body)).join(' '),
  };
}
