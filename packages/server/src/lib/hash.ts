import { hash } from 'node:crypto';

/**
 * The SHA-256 of a UTF-8 text, as lower-case hex (the DMN checksums, API keys' stored secrets). One-shot
 * `hash`: the same digest without a Hash object per call, and a key is checked on every request.
 */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** SHA-256's block: an HMAC key is padded to it (hashed first when longer). */
const BLOCK = 64;

/**
 * HMAC-SHA-256 under `key` (RFC 2104) as a function of a UTF-8 text, the key's padded blocks worked out
 * once: two one-shot `hash` calls per MAC, without the Hmac object (a stream, a native handle freed by
 * the garbage collector) that `createHmac` builds per call. The same bytes as
 * `createHmac('sha256', key).update(text, 'utf8').digest()`.
 */
export function hmacSha256(key: Buffer): (text: string) => Buffer {
  const k = key.length > BLOCK ? hash('sha256', key, 'buffer') : key;
  const inner = Buffer.alloc(BLOCK, 0x36);
  const outer = Buffer.alloc(BLOCK, 0x5c);
  for (let i = 0; i < k.length; i++) {
    inner[i]! ^= k[i]!;
    outer[i]! ^= k[i]!;
  }
  return (text) => {
    const message = Buffer.from(text, 'utf8');
    const innerDigest = hash('sha256', Buffer.concat([inner, message], BLOCK + message.length), 'buffer');
    // a fresh buffer per MAC: the caller keeps the digest, and nothing is shared between calls
    const final = Buffer.allocUnsafe(BLOCK + 32);
    outer.copy(final);
    innerDigest.copy(final, BLOCK);
    return hash('sha256', final, 'buffer');
  };
}
