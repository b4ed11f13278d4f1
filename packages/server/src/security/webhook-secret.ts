import { randomBytes } from 'node:crypto';
import { Secret } from '../lib/secret.js';

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): Secret<string> {
  return new Secret('whsec_' + randomBytes(32).toString('base64'));
}
