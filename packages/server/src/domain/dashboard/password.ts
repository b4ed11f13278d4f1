import { scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Dashboard passwords (docs/decisions/1000): scrypt, memory-hard (N = 2^15, r = 8, p = 1: 32 MiB and
 * tens of milliseconds per guess), a per-user salt, stored as `scrypt$N$r$p$salt$hash` so the cost can
 * rise later without breaking older hashes; verified in constant time.
 */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;
const MAX_MEMORY = 128 * SCRYPT.N * SCRYPT.r * 2;

function derive(password: string, salt: string, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT.keyLength, { N, r, p, maxmem: Math.max(MAX_MEMORY, 128 * N * r * 2) }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** The stored form of `password` with `salt` (random, from the ids seam: `ids.token(22)`). */
export async function hashPassword(password: string, salt: string): Promise<string> {
  const { N, r, p } = SCRYPT;
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt}$${key.toString('base64url')}`;
}

/** Does `password` match `stored`? A malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p) || expected.length !== SCRYPT.keyLength) {
    return false;
  }
  const key = await derive(password, parts[4]!, N, r, p);
  return timingSafeEqual(key, expected);
}

/**
 * A hash no password matches (its salt is not base58, so no `hashPassword` makes it): verified against
 * when the e-mail is unknown, so an unknown e-mail costs the same work as a wrong password.
 */
export const DUMMY_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$dummy-salt-0000000000$${Buffer.alloc(SCRYPT.keyLength).toString('base64url')}`;
