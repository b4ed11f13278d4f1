import { createHash, randomBytes, randomUUID } from 'node:crypto';

/**
 * The one seam for identifiers and random tokens. Prefixed ids start with a time component so they
 * sort by creation and index well; numeric ids required by the spec come from the store.
 */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export const ID_PREFIXES = {
  key: 'key',
  event: 'evt',
  request: 'req',
  notification: 'ntf',
} as const;
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];
export type PrefixedId<P extends IdPrefix> = `${P}_${string}`;

export interface Ids {
  /** A time-sortable id such as `key_2Xb9...`. */
  prefixed<P extends IdPrefix>(prefix: P): PrefixedId<P>;
  /** A random RFC 4122 version 4 UUID. */
  uuid(): string;
  /** `length` random base58 characters: for secrets and tokens. */
  token(length: number): string;
  /** A random decimal string of `length` digits whose first digit is not zero. */
  numeric(length: number): string;
}

function randomBase58(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 232) out += BASE58[b % 58]; // 232 = 4 * 58: no modulo bias
  }
  return out.length === length ? out : out + randomBase58(length - out.length);
}

function encodeTime(ms: number): string {
  let n = ms;
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = BASE58[n % 58] + out;
    n = Math.floor(n / 58);
  }
  return out;
}

/**
 * A time-sortable id for a record whose uniqueness comes from a stable key (an outbox row's
 * dedupe key): the time component of `prefixed`, then base58 of the key's SHA-256.
 */
export function seededId<P extends IdPrefix>(prefix: P, atMs: number, seed: string): PrefixedId<P> {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let tail = '';
  for (let i = 0; i < 12; i++) tail += BASE58[digest[i]! % 58];
  return `${prefix}_${encodeTime(atMs)}${tail}` as const;
}

export function createIds(clock: { now(): number }): Ids {
  return {
    prefixed: (prefix) => `${prefix}_${encodeTime(clock.now())}${randomBase58(12)}` as const,
    uuid: () => randomUUID(),
    token: randomBase58,
    numeric: (length) => {
      const bytes = randomBytes(length * 2);
      let out = '';
      for (let i = 0; i < bytes.length && out.length < length; i++) {
        const b = bytes[i]!;
        if (b >= 250) continue; // 250 = 25 * 10: no modulo bias
        const d = b % 10;
        if (out.length === 0 && d === 0) continue;
        out += String(d);
      }
      while (out.length < length) out += '7';
      return out;
    },
  };
}
