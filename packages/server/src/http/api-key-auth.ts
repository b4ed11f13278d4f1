import { Unauthenticated } from '../domain/errors.js';
import { contextOfApiKey } from '../domain/merchants/merchant.service.js';
import type { MerchantContext } from '../domain/merchants/merchant.types.js';
import type { ApiKeyRecord } from '../domain/merchants/ports.js';
import type { Repos } from '../domain/ports.js';
import { parseApiKey, verifyKeyRecordSecret } from '../security/api-keys.js';
import type { Secret } from '../lib/secret.js';

/**
 * `x-api-key` authentication, shared by the REST, payments and admin interfaces: the key's format and
 * its secret are checked here (security/api-keys.ts), the context it grants by the domain.
 */

/** Resolves an `x-api-key` value to its context; any failure is the same `Unauthenticated`. */
export async function authenticateApiKey(repos: Repos, presented: string): Promise<MerchantContext> {
  return resolveApiKey(repos, presented);
}

/**
 * `authenticateApiKey` for a hot path: the context at once, with no promise, when the key's record is
 * at hand (`apiKeyAtHand`); a promise of it otherwise. A failure is thrown (at once) or rejected.
 */
export function resolveApiKey(repos: Repos, presented: string): MerchantContext | Promise<MerchantContext> {
  const parsed = parseApiKey(presented);
  if (!parsed) throw new Unauthenticated('malformed api key');
  const atHand = repos.merchants.apiKeyAtHand?.(parsed.id);
  if (atHand !== undefined) return checkApiKey(atHand ?? undefined, parsed.secret);
  return repos.merchants.findApiKey(parsed.id).then((key) => checkApiKey(key, parsed.secret));
}

function checkApiKey(key: ApiKeyRecord | undefined, secret: Secret<string>): MerchantContext {
  if (!key || !verifyKeyRecordSecret(secret, key)) throw new Unauthenticated('unknown api key');
  return contextOfApiKey(key);
}
