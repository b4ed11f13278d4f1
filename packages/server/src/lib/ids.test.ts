import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from './clock.js';
import { createIds, RANDOM_POOL_BYTES, randomBytePool, seededId } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

describe('time-ordered UUIDs (RFC 9562 version 7)', () => {
  const clock = manualClock(Date.UTC(2026, 10, 22, 4, 6, 43, 591));
  const ids = createIds(clock);

  it('are lower-case canonical 8-4-4-4-12 strings', () => {
    for (let i = 0; i < 100; i++) expect(ids.timeOrderedUuid()).toMatch(UUID_V7);
  });

  it('carry version 7 and the RFC variant 10', () => {
    for (let i = 0; i < 100; i++) {
      const hex = ids.timeOrderedUuid().replaceAll('-', '');
      expect(parseInt(hex[12]!, 16)).toBe(7);
      expect(parseInt(hex[16]!, 16) >> 2).toBe(0b10);
    }
  });

  it('start with the clock’s milliseconds as 48 big-endian bits', () => {
    for (const ms of [0, 1, clock.now(), 2 ** 48 - 1]) {
      clock.set(ms);
      const hex = ids.timeOrderedUuid().replaceAll('-', '');
      expect(parseInt(hex.slice(0, 12), 16)).toBe(ms);
    }
  });

  it('sort by creation across milliseconds', () => {
    clock.set(1_700_000_000_000);
    const first = ids.timeOrderedUuid();
    clock.advance(1);
    expect(ids.timeOrderedUuid() > first).toBe(true);
  });

  it('are unique within one millisecond', () => {
    clock.set(1_700_000_000_000);
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) seen.add(ids.timeOrderedUuid());
    expect(seen.size).toBe(10_000);
  });

  it('refuse a time that 48 bits cannot hold', () => {
    for (const ms of [-1, 2 ** 48, Number.NaN]) {
      clock.set(ms);
      expect(() => ids.timeOrderedUuid()).toThrow(RangeError);
    }
  });
});

describe('the random byte pool', () => {
  it('hands out each filled byte once and refills when it runs out', () => {
    let fills = 0;
    const next = randomBytePool(16, (pool) => {
      fills++;
      for (let i = 0; i < pool.length; i++) pool[i] = (fills * 16 + i) & 0xff;
    });
    const drawn = Array.from({ length: 40 }, () => next());
    expect(fills).toBe(3);
    expect(drawn).toEqual(Array.from({ length: 40 }, (_, i) => (i + 16) & 0xff));
  });

  it('serves more than a pool’s worth of bytes in one token, each a base58 character', () => {
    const ids = createIds(manualClock(0));
    // 232 of 256 byte values are kept, so this draws well over two pools' worth.
    const token = ids.token(2 * RANDOM_POOL_BYTES);
    expect(token).toHaveLength(2 * RANDOM_POOL_BYTES);
    expect(token).toMatch(BASE58);
    expect(new Set(token).size).toBe(58);
  });

  it('gives digit strings of the asked length that never start with zero', () => {
    const ids = createIds(manualClock(0));
    for (let i = 0; i < 2000; i++) expect(ids.numeric(19)).toMatch(/^[1-9][0-9]{18}$/);
    const long = ids.numeric(3 * RANDOM_POOL_BYTES);
    expect(long).toMatch(/^[1-9][0-9]*$/);
    expect(long).toHaveLength(3 * RANDOM_POOL_BYTES);
  });

  it('keeps prefixed ids time-sortable, random and unique', () => {
    const clock = manualClock(1_700_000_000_000);
    const ids = createIds(clock);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const id = ids.prefixed('req');
      expect(id).toMatch(/^req_[1-9A-HJ-NP-Za-km-z]{20}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(2000);
    const before = ids.prefixed('key');
    clock.advance(1);
    expect(ids.prefixed('key').slice(0, 12) > before.slice(0, 12)).toBe(true);
  });

  it('draws from the CSPRNG by default', () => {
    // Not a statistical test: two pools filled by the real CSPRNG do not hold the same 32 bytes.
    const a = randomBytePool(32);
    const b = randomBytePool(32);
    const first = Array.from({ length: 32 }, () => a());
    const second = Array.from({ length: 32 }, () => b());
    expect(first).not.toEqual(second);
  });
});

describe('ids seeded by a stable key', () => {
  const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  it.each(['notification:tx_1:payment.approved', 'Zoë ✓ 💳'])('end in base58 of the key’s SHA-256: %s', (seed) => {
    const digest = createHash('sha256').update(seed, 'utf8').digest();
    const tail = Array.from(digest.subarray(0, 12), (b) => BASE58[b % 58]).join('');
    const id = seededId('ntf', 1_795_000_000_000, seed);
    expect(id.endsWith(tail)).toBe(true);
    expect(seededId('ntf', 1_795_000_000_000, seed)).toBe(id);
  });
});
