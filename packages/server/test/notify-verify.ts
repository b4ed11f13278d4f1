import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import type { Received } from './receiver.js';

/**
 * What a merchant's receiver does, written independently of the gateway's code: verify a webhook
 * with the public `standardwebhooks` package, and a DMN checksum with a plain SHA-256.
 */

/**
 * Verifies a webhook as the `standardwebhooks` package does (signature and the 5-minute timestamp
 * tolerance). The receiver's clock is the gateway's clock at arrival: when the test moved a manual
 * clock, `Date` is set to it for the duration of the (synchronous) check.
 */
export function verifyWebhook(
  secret: string,
  rec: Pick<Received, 'headers' | 'body' | 'clockAt'>,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  const wh = new Webhook(secret);
  const headers = {
    'webhook-id': rec.headers['webhook-id'] ?? '',
    'webhook-timestamp': rec.headers['webhook-timestamp'] ?? '',
    'webhook-signature': rec.headers['webhook-signature'] ?? '',
  };
  if (rec.clockAt === undefined) return wh.verify(rec.body, headers) as ReturnType<typeof verifyWebhook>;
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(rec.clockAt);
    return wh.verify(rec.body, headers) as ReturnType<typeof verifyWebhook>;
  } finally {
    vi.useRealTimers();
  }
}

/** The DMN's form fields, after checking `advanceResponseChecksum` independently; throws on a mismatch. */
export function verifyDmn(merchantSecretKey: string, rec: Received): Record<string, string> {
  expectForm(rec);
  const f = Object.fromEntries(new URLSearchParams(rec.body));
  const want = createHash('sha256')
    .update(
      merchantSecretKey +
        f.totalAmount +
        f.currency +
        f.responseTimeStamp +
        f.PPP_TransactionID +
        f.Status +
        (f.productId ?? ''),
      'utf8',
    )
    .digest('hex');
  if (f.advanceResponseChecksum !== want)
    throw new Error(`advanceResponseChecksum mismatch: ${rec.body.slice(0, 300)}`);
  return f;
}

function expectForm(rec: Received): void {
  if (!(rec.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    throw new Error(`DMN content-type ${rec.headers['content-type']}`);
  }
}
