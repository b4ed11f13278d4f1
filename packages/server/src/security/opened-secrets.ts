import type { Secret } from '../lib/secret.js';
import type { SealedBox } from './sealed-box.js';

/** How many opened values are kept before the memory starts over. */
const MAX_KEPT = 10_000;

/**
 * `box`, keeping the values of `purposes` once opened (docs/decisions/0818): a site's secret key is
 * opened on every signed session call, and its AES-GCM context cost about as much as the checksum it
 * verifies. A value is kept under its sealed text, which names one ciphertext: a rotated key has
 * another text, and nothing kept can answer for it. Only the purposes named are kept, never card
 * numbers. Bounded: past MAX_KEPT the memory starts over.
 */
export function keepingOpened(box: SealedBox, purposes: readonly string[]): SealedBox {
  const kept = new Map<string, Map<string, Secret<string>>>(purposes.map((p) => [p, new Map()]));
  return {
    seal: (plaintext, purpose) => box.seal(plaintext, purpose),
    mac: (purpose, data) => box.mac(purpose, data),
    open(sealed, purpose) {
      const values = kept.get(purpose);
      if (!values) return box.open(sealed, purpose);
      let value = values.get(sealed);
      if (value === undefined) {
        value = box.open(sealed, purpose);
        if (values.size >= MAX_KEPT) values.clear();
        values.set(sealed, value);
      }
      return value;
    },
  };
}
