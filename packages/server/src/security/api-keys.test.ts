import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.js';
import { createIds } from '../lib/ids.js';
import { Secret } from '../lib/secret.js';
import { issueApiKey, parseApiKey, verifyApiKeySecret, verifyKeyRecordSecret } from './api-keys.js';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
/** `secret` with its last character changed (to another base58 character, so still of the key's shape). */
const otherThan = (secret: string) => `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`;

describe('API keys', () => {
  const ids = createIds(manualClock(1_700_000_000_000));

  it('store the SHA-256 (hex) of the secret part only', () => {
    const issued = issueApiKey(ids);
    const parsed = parseApiKey(issued.plaintext.expose())!;
    expect(parsed.id).toBe(issued.id);
    expect(issued.secretHash).toBe(sha256Hex(parsed.secret.expose()));
    expect(issued.plaintext.expose()).not.toContain(issued.secretHash);
  });

  it('verify the secret they were issued with, and no other', () => {
    const issued = issueApiKey(ids);
    const secret = parseApiKey(issued.plaintext.expose())!.secret.expose();
    expect(verifyApiKeySecret(new Secret(secret), issued.secretHash)).toBe(true);
    expect(verifyApiKeySecret(new Secret(otherThan(secret)), issued.secretHash)).toBe(false);
    expect(verifyApiKeySecret(new Secret(secret), sha256Hex(`${secret}x`))).toBe(false);
  });

  it('reject a stored hash that is not 32 bytes of hex', () => {
    const issued = issueApiKey(ids);
    const secret = new Secret(parseApiKey(issued.plaintext.expose())!.secret.expose());
    for (const stored of [
      '',
      issued.secretHash.slice(0, 62),
      `${issued.secretHash}00`,
      `zz${issued.secretHash.slice(2)}`,
    ]) {
      expect(verifyApiKeySecret(secret, stored)).toBe(false);
    }
  });

  it('verify against a record as against its hash, before and after its secret is remembered', () => {
    const issued = issueApiKey(ids);
    const secret = parseApiKey(issued.plaintext.expose())!.secret.expose();
    const record = { secretHash: issued.secretHash };
    const wrong = new Secret(otherThan(secret));
    expect(verifyKeyRecordSecret(wrong, record)).toBe(false); // a failure remembers nothing
    expect(verifyKeyRecordSecret(new Secret(secret), record)).toBe(true);
    expect(verifyKeyRecordSecret(new Secret(secret), record)).toBe(true); // now by comparison
    expect(verifyKeyRecordSecret(wrong, record)).toBe(false);
    expect(verifyKeyRecordSecret(new Secret(`${secret}1`), record)).toBe(false); // longer
    expect(verifyKeyRecordSecret(new Secret(secret.slice(1)), record)).toBe(false); // shorter
    // Another record is another verification: the remembered secret is its own record's only.
    expect(verifyKeyRecordSecret(new Secret(secret), { secretHash: sha256Hex(`${secret}x`) })).toBe(false);
  });

  it('parse only keys of their own shape', () => {
    expect(parseApiKey('gh_key_short_secret')).toBeUndefined();
    expect(parseApiKey(`gh_key_${'1'.repeat(20)}_${'0'.repeat(40)}`)).toBeUndefined(); // 0 is not base58
  });
});
