import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { hmacSha256 } from '../lib/hash.js';
import { Secret } from '../lib/secret.js';

/**
 * AES-256-GCM encryption under a key derived from the master key, for everything that must be kept
 * but never in clear: merchant secret keys, webhook secrets, card numbers. Sealed values are text:
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, and bound to a purpose (the AAD) so a value sealed for
 * one column cannot be replayed into another.
 */
export interface SealedBox {
  seal(plaintext: Secret<string>, purpose: string): string;
  open(sealed: string, purpose: string): Secret<string>;
  /** HMAC-SHA-256 with a key derived for `purpose` (e.g. signing tokens). */
  mac(purpose: string, data: string): Buffer;
}

export function createSealedBox(masterKey: Secret<Buffer>): SealedBox {
  const master = hmacSha256(masterKey.expose());
  const encKey = master('gatehouse/encryption/v1');
  const macKeyOf = hmacSha256(master('gatehouse/mac/v1'));
  const macs = new Map<string, (data: string) => Buffer>();
  return {
    seal(plaintext, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const ct = Buffer.concat([cipher.update(plaintext.expose(), 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `v1.${iv.toString('base64url')}.${tag.toString('base64url')}.${ct.toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [version, iv, tag, ct] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('malformed sealed value');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const pt = Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]);
      return new Secret(pt.toString('utf8'));
    },
    mac(purpose, data) {
      // one key per purpose, derived once: a payment makes several MACs (its card's fingerprint, a session body's replay key)
      let mac = macs.get(purpose);
      if (mac === undefined) macs.set(purpose, (mac = hmacSha256(macKeyOf(purpose))));
      return mac(data);
    },
  };
}
