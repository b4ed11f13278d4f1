import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The body of a Gatehouse webhook: the event type, when it happened, and the payment's status. */
export interface WebhookEvent<D = Record<string, unknown>> {
  type: string;
  timestamp: string;
  data: D;
}

export interface VerifyWebhookOptions {
  /** how far `webhook-timestamp` may be from now, either way (default 300 s, the Standard Webhooks window) */
  toleranceSeconds?: number;
  /** the receiver's clock (default: now) */
  now?: Date | number;
}

/** Why a webhook was refused: `signature`, `timestamp` (outside the window) or `headers` (missing). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly problem: 'headers' | 'timestamp' | 'signature',
    message: string,
  ) {
    super(message);
  }
}

type Headers = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const rec = headers as Record<string, string | string[] | undefined>;
  const v = rec[name] ?? Object.entries(rec).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Verifies a Standard Webhooks delivery (headers `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`) against the endpoint's
 * `whsec_…` secret, and returns the parsed event. `payload` is the raw body as received (a
 * re-serialised JSON object would not match). A timestamp further than `toleranceSeconds` from now
 * is refused, so a captured delivery cannot be replayed later; de-duplicate by `webhook-id`.
 * The signature is computed by the `standardwebhooks` package and compared in constant time.
 */
export function verifyWebhook<D = Record<string, unknown>>(
  payload: string | Buffer,
  headers: Headers,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent<D> {
  const id = header(headers, 'webhook-id');
  const stamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !stamp || !signatures) throw new WebhookVerificationError('headers', 'Missing required headers');
  const seconds = /^\d+$/.test(stamp) ? Number(stamp) : NaN;
  if (!Number.isSafeInteger(seconds)) throw new WebhookVerificationError('timestamp', 'Invalid webhook-timestamp');
  const tolerance = options.toleranceSeconds ?? 300;
  // eslint-disable-next-line no-restricted-syntax -- merchant-side helper: the receiver's own clock
  const nowMs = options.now === undefined ? Date.now() : new Date(options.now).getTime();
  const nowSeconds = Math.floor(nowMs / 1000);
  if (nowSeconds - seconds > tolerance) throw new WebhookVerificationError('timestamp', 'Message timestamp too old');
  if (seconds - nowSeconds > tolerance) throw new WebhookVerificationError('timestamp', 'Message timestamp too new');

  const expected = Buffer.from(new Webhook(secret).sign(id, new Date(seconds * 1000), payload).split(',')[1] ?? '');
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('signature', 'No matching signature found');
  return JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as WebhookEvent<D>;
}
