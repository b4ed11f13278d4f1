import type { Ids } from '../lib/ids.js';
import { Secret } from '../lib/secret.js';
import { hashApiKeySecret, verifyApiKeySecret } from './api-keys.js';

/**
 * Operator credentials look like `gho_<opr_…>_<secret>` (docs/decisions/0824): a prefix no merchant key
 * has (`gh_key_…`), the public id that indexes the row, and a secret of which only the SHA-256 is
 * stored and compared in constant time.
 */
export interface IssuedOperatorKey {
  id: string;
  plaintext: Secret<string>;
  secretHash: string;
}

const OPERATOR_KEY_PATTERN = /^gho_(opr_[1-9A-HJ-NP-Za-km-z]{20})_([1-9A-HJ-NP-Za-km-z]{40})$/;

export function issueOperatorKey(ids: Ids): IssuedOperatorKey {
  const id = ids.prefixed('opr');
  const secret = ids.token(40);
  return { id, plaintext: new Secret(`gho_${id}_${secret}`), secretHash: hashApiKeySecret(secret) };
}

/** Whether a presented credential is meant as an operator's (by its prefix), valid or not. */
export const looksLikeOperatorKey = (presented: string) => presented.startsWith('gho_');

export function parseOperatorKey(presented: string): { id: string; secret: Secret<string> } | undefined {
  const m = OPERATOR_KEY_PATTERN.exec(presented);
  return m ? { id: m[1]!, secret: new Secret(m[2]!) } : undefined;
}

export { verifyApiKeySecret as verifyOperatorSecret };
