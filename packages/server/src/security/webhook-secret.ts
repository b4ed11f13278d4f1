import { randomBytes } from 'node:crypto';
import { Secret } from '../lib/secret.js';

/** The sealing purpose (AAD) of site webhook secrets: they open nowhere else. */
export const WEBHOOK_SECRET_PURPOSE = 'site.webhook_secret';

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): Secret<string> {
  return new Secret('whsec_' + randomBytes(32).toString('base64'));
}
