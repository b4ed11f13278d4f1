import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../lib/hash.js';
import { digestOf, digitsOf, hexOf } from './derive.js';

/**
 * The simulated acquirer's derivations hash one message at once (`crypto.hash`): the digests must be
 * those of the label and the parts hashed one after the other, so that every authorisation code,
 * external id and rate the sandbox ever answered stays the same.
 */
function reference(label: string, ...parts: readonly (string | number)[]): Buffer {
  const h = createHash('sha256');
  h.update(label, 'utf8');
  for (const part of parts) {
    h.update('\u0000', 'utf8');
    h.update(String(part), 'utf8');
  }
  return h.digest();
}

describe('derivations of the simulated acquirer', () => {
  it.each([
    ['a label alone', 'auth-code', []],
    ['parts of every kind', 'external-id', ['authorize', 1110000000000001, 0, -1.5]],
    ['parts that would run together without the separator', 'x', ['ab', 'c']],
    ['text beyond ASCII and a lone surrogate', 'cavv', ['Zoë ✓ 💳', '\ud800', '']],
  ] as const)('digestOf gives the digest of the parts hashed in turn: %s', (_what, label, parts) => {
    expect(digestOf(label, ...parts).equals(reference(label, ...parts))).toBe(true);
  });

  it('keeps digitsOf and hexOf derived from that digest', () => {
    expect(hexOf(12, 'external-id', 'authorize', 42)).toBe(
      reference('external-id', 'authorize', 42).toString('hex').slice(0, 12).toUpperCase(),
    );
    expect(digitsOf(6, 'auth-code', 42)).toMatch(/^\d{6}$/);
  });

  it('gives digitsOf the digits of the digest read as one big-endian integer, leading zeros kept', () => {
    const byteByByte = (length: number, label: string, ...parts: (string | number)[]) => {
      let n = 0n;
      for (const byte of reference(label, ...parts)) n = (n << 8n) | BigInt(byte);
      return (n % 10n ** BigInt(length)).toString().padStart(length, '0');
    };
    for (const length of [1, 6, 9, 12, 19, 40])
      for (let id = 0; id < 50; id++)
        expect(digitsOf(length, 'auth-code', 1110000000000000 + id)).toBe(
          byteByByte(length, 'auth-code', 1110000000000000 + id),
        );
  });

  it('sha256Hex is the SHA-256 of the UTF-8 text', () => {
    for (const text of ['', 'abc', 'Zoë ✓ 💳'])
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
