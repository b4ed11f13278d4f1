import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Secret } from '../lib/secret.js';
import { createSealedBox } from './sealed-box.js';

/**
 * The keys of the sealed box are derived from the master key by HMAC-SHA-256. Every value a store
 * holds was sealed, and every fingerprint computed, under keys derived that way: these tests pin the
 * derivation to `createHmac`'s, so a stored value still opens and a card still finds its vault row.
 */
describe('the sealed box', () => {
  const derived = (masterKey: Buffer) => {
    const encKey = createHmac('sha256', masterKey).update('gatehouse/encryption/v1').digest();
    const macRoot = createHmac('sha256', masterKey).update('gatehouse/mac/v1').digest();
    const macKey = (purpose: string) => createHmac('sha256', macRoot).update(purpose).digest();
    return { encKey, macKey };
  };

  it.each([16, 32, 64, 100])('derives its MAC keys as createHmac does, for a %i-byte master key', (size) => {
    const masterKey = randomBytes(size);
    const box = createSealedBox(new Secret(masterKey));
    const { macKey } = derived(masterKey);
    for (const purpose of ['card.fingerprint', 'session.replay'])
      for (const data of ['', '4761344136141390', 'Zoë ✓ 💳'])
        expect(box.mac(purpose, data)).toEqual(createHmac('sha256', macKey(purpose)).update(data, 'utf8').digest());
  });

  it('opens a value sealed under the encryption key derived as createHmac does, and only for its purpose', () => {
    const masterKey = randomBytes(32);
    const box = createSealedBox(new Secret(masterKey));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', derived(masterKey).encKey, iv);
    cipher.setAAD(Buffer.from('site.secret_key', 'utf8'));
    const ct = Buffer.concat([cipher.update('a merchant secret', 'utf8'), cipher.final()]);
    const sealed = `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ct.toString('base64url')}`;
    expect(box.open(sealed, 'site.secret_key').expose()).toBe('a merchant secret');
    expect(() => box.open(sealed, 'card.number')).toThrow();
  });

  it('seals what it opens again', () => {
    const box = createSealedBox(new Secret(randomBytes(32)));
    expect(box.open(box.seal(new Secret('4761344136141390'), 'card.number'), 'card.number').expose()).toBe(
      '4761344136141390',
    );
  });
});
