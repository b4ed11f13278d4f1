import { hash, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../lib/hash.js';
import type { Ids } from '../lib/ids.js';
import { Secret } from '../lib/secret.js';

/**
 * REST API keys look like `gh_<keyId>_<secret>`. The key id (`key_…`) is public and indexes the row;
 * only the SHA-256 of the secret part is stored, and it is compared in constant time.
 */
export interface IssuedApiKey {
  id: string;
  /** The full key, shown once to the operator and never stored. */
  plaintext: Secret<string>;
  secretHash: string;
}

const KEY_PATTERN = /^gh_(key_[1-9A-HJ-NP-Za-km-z]{20})_([1-9A-HJ-NP-Za-km-z]{40})$/;

export function issueApiKey(ids: Ids): IssuedApiKey {
  const id = ids.prefixed('key');
  const secret = ids.token(40);
  return { id, plaintext: new Secret(`gh_${id}_${secret}`), secretHash: hashApiKeySecret(secret) };
}

/** The stored form of a key's secret: its SHA-256, hex (operator credentials too, docs/decisions/0824). */
export function hashApiKeySecret(secret: string): string {
  return sha256Hex(secret);
}

/** Splits a presented key into its id and secret; undefined when it cannot be one of ours. */
export function parseApiKey(presented: string): { id: string; secret: Secret<string> } | undefined {
  const m = KEY_PATTERN.exec(presented);
  return m ? { id: m[1]!, secret: new Secret(m[2]!) } : undefined;
}

export function verifyApiKeySecret(secret: Secret<string>, storedHash: string): boolean {
  const presented = hash('sha256', secret.expose(), 'buffer');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/**
 * Secrets already verified, by the key record they were verified against (ADR 0011): a key in use is
 * checked by a constant-time comparison with the secret that matched its record's hash before, not by
 * a SHA-256 per request (whose one-shot cost was most of an authentication). Weakly held: a record the
 * key cache lets go (at a revocation at once; otherwise when the key is read again after its second)
 * takes its secret with it.
 */
const verifiedSecrets = new WeakMap<object, Buffer>();

/** `verifyApiKeySecret` against a stored key record, remembering the secret that matched it. */
export function verifyKeyRecordSecret(secret: Secret<string>, record: { readonly secretHash: string }): boolean {
  const presented = Buffer.from(secret.expose(), 'utf8');
  const known = verifiedSecrets.get(record);
  if (known !== undefined) return known.length === presented.length && timingSafeEqual(known, presented);
  if (!verifyApiKeySecret(secret, record.secretHash)) return false;
  verifiedSecrets.set(record, presented);
  return true;
}
