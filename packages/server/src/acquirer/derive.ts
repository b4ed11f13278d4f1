import { hash } from 'node:crypto';

/**
 * Deterministic derivations for the simulated acquirer. Every "random-looking" value it answers
 * (authorisation codes, external ids, CAVVs, directory-server ids, daily rate moves) is a SHA-256
 * of a label and the inputs it depends on, so the same request always gets the same answer and no
 * randomness or time source is needed (STYLE.md convention 6).
 *
 * A card number passed here is hashed and dropped; the digest never leaves as such (only a few of
 * its bytes are used, and always under a label), so it cannot be used to look the number up.
 */
export function digestOf(label: string, ...parts: readonly (string | number)[]): Buffer {
  // A separator that cannot appear in a part keeps ("ab","c") and ("a","bc") apart. One message
  // hashed at once: the same digest as the parts hashed one after the other, without a Hash object.
  let text = label;
  for (const part of parts) text += `\u0000${String(part)}`;
  return hash('sha256', text, 'buffer');
}

/** `length` decimal digits (leading zeros allowed) derived from the digest of the inputs. */
export function digitsOf(length: number, label: string, ...parts: readonly (string | number)[]): string {
  // the digest read as one big-endian integer: one BigInt parsed from its hex, not one built byte by byte
  const n = BigInt(`0x${digestOf(label, ...parts).toString('hex')}`);
  return (n % 10n ** BigInt(length)).toString().padStart(length, '0');
}

/** `length` upper-case hexadecimal characters (at most 64) derived from the inputs. */
export function hexOf(length: number, label: string, ...parts: readonly (string | number)[]): string {
  return digestOf(label, ...parts)
    .toString('hex')
    .slice(0, length)
    .toUpperCase();
}

/** A UUID-shaped (RFC 4122 version 4 layout, lower case) value derived from the inputs. */
export function uuidOf(label: string, ...parts: readonly (string | number)[]): string {
  const b = Buffer.from(digestOf(label, ...parts).subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** An unsigned 32-bit integer derived from the inputs. */
export function uint32Of(label: string, ...parts: readonly (string | number)[]): number {
  return digestOf(label, ...parts).readUInt32BE(0);
}
