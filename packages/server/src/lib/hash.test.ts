import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256Hex } from './hash.js';

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8 text, in lower-case hex', () => {
    for (const text of ['', 'abc', 'é…✓', 'x'.repeat(1000)])
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

describe('hmacSha256', () => {
  // RFC 4231, test case 2: key "Jefe"
  it('answers the RFC 4231 test vector', () => {
    expect(hmacSha256(Buffer.from('Jefe'))('what do ya want for nothing?').toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('is the same MAC as createHmac for keys shorter than, as long as and longer than a block, and any text', () => {
    const texts = ['', '4761344136141390', 'é…✓ non-ASCII', 'y'.repeat(63), 'y'.repeat(64), 'z'.repeat(5000)];
    for (const size of [1, 32, 63, 64, 65, 200]) {
      const key = randomBytes(size);
      const mac = hmacSha256(key);
      for (const text of texts) expect(mac(text)).toEqual(createHmac('sha256', key).update(text, 'utf8').digest());
    }
  });

  it('gives every call its own digest', () => {
    const mac = hmacSha256(Buffer.from('k'));
    const a = mac('a');
    const copy = Buffer.from(a);
    mac('b');
    expect(a).toEqual(copy);
  });
});
