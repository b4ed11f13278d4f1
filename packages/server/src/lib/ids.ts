import { hash, randomFillSync, randomUUID } from 'node:crypto';

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
  operator: 'opr',
  webhookEndpoint: 'we',
} as const;
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];
export type PrefixedId<P extends IdPrefix> = `${P}_${string}`;

export interface Ids {
  /** A time-sortable id such as `key_2Xb9...`. */
  prefixed<P extends IdPrefix>(prefix: P): PrefixedId<P>;
  /** A random RFC 4122 version 4 UUID. */
  uuid(): string;
  /**
   * An RFC 9562 version 7 UUID: the clock's milliseconds (48 bits, big-endian), then 74 random bits,
   * so that ids sort by creation. Ids made within one millisecond are unique but not ordered.
   */
  timeOrderedUuid(): string;
  /** `length` random base58 characters: for secrets and tokens. */
  token(length: number): string;
  /** A random decimal string of `length` digits whose first digit is not zero. */
  numeric(length: number): string;
}

/** Bytes drawn from the CSPRNG per refill of a pool (one system call for hundreds of ids). */
export const RANDOM_POOL_BYTES = 8192;

/** One random byte per call, from a buffer that `randomFillSync` refills once every byte was handed out. */
export type RandomByteSource = () => number;

/**
 * A pool of CSPRNG bytes: the same bytes `randomBytes` would give, fetched `size` at a time. A byte is
 * handed out once; the buffer is refilled (never reused as is) when it runs out. `fill` is the CSPRNG;
 * only tests pass another.
 */
export function randomBytePool(
  size = RANDOM_POOL_BYTES,
  fill: (pool: Buffer) => void = randomFillSync,
): RandomByteSource {
  const pool = Buffer.allocUnsafeSlow(size);
  let next = size;
  return () => {
    if (next === size) {
      fill(pool);
      next = 0;
    }
    return pool[next++]!;
  };
}

function randomBase58(random: RandomByteSource, length: number): string {
  let out = '';
  while (out.length < length) {
    const b = random();
    if (b < 232) out += BASE58[b % 58]; // 232 = 4 * 58: no modulo bias
  }
  return out;
}

function randomDigits(random: RandomByteSource, length: number): string {
  let out = '';
  while (out.length < length) {
    const b = random();
    if (b >= 250) continue; // 250 = 25 * 10: no modulo bias
    const d = b % 10;
    if (out.length === 0 && d === 0) continue;
    out += String(d);
  }
  return out;
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
  const digest = hash('sha256', seed, 'buffer');
  let tail = '';
  for (let i = 0; i < 12; i++) tail += BASE58[digest[i]! % 58];
  return `${prefix}_${encodeTime(atMs)}${tail}` as const;
}

/** `HEX[b]`: the two lower-case hex digits of byte b. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const MAX_UUID_MS = 2 ** 48 - 1;

/** RFC 9562 section 5.7: unix_ts_ms (48 bits) | ver 0111 (4) | rand_a (12) | var 10 (2) | rand_b (62). */
function uuidV7(random: RandomByteSource, ms: number): string {
  const t = Math.floor(ms);
  if (!(t >= 0 && t <= MAX_UUID_MS)) throw new RangeError(`no UUIDv7 timestamp for ${ms}`);
  const time = t.toString(16).padStart(12, '0');
  const versionAndRandA = HEX[0x70 | (random() & 0x0f)]! + HEX[random()]!;
  const variantAndRandB = HEX[0x80 | (random() & 0x3f)]! + HEX[random()]!;
  let node = '';
  for (let i = 0; i < 6; i++) node += HEX[random()]!;
  return `${time.slice(0, 8)}-${time.slice(8)}-${versionAndRandA}-${variantAndRandB}-${node}`;
}

export function createIds(clock: { now(): number }): Ids {
  const random = randomBytePool();
  return {
    prefixed: (prefix) => `${prefix}_${encodeTime(clock.now())}${randomBase58(random, 12)}` as const,
    uuid: () => randomUUID(),
    timeOrderedUuid: () => uuidV7(random, clock.now()),
    token: (length) => randomBase58(random, length),
    numeric: (length) => randomDigits(random, length),
  };
}
