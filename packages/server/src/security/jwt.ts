import { timingSafeEqual } from 'node:crypto';
import type { SealedBox } from './sealed-box.js';

/** Compact HS256 JWTs for merchant access tokens, keyed by a purpose-derived key of the master key. */
export interface AccessTokenClaims {
  /** processing entity the token acts for */
  sub: string;
  /** the API key that obtained it */
  kid: string;
  scope: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const PURPOSE = 'oauth2/access-token';

export function signAccessToken(box: SealedBox, claims: AccessTokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const sig = box.mac(PURPOSE, `${HEADER}.${payload}`).toString('base64url');
  return `${HEADER}.${payload}.${sig}`;
}

/** The claims of a well-signed, unexpired token; undefined otherwise. `nowSec` comes from the clock. */
export function verifyAccessToken(box: SealedBox, token: string, nowSec: number): AccessTokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = box.mac(PURPOSE, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: AccessTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessTokenClaims;
  } catch {
    return undefined;
  }
  if (typeof claims.exp !== 'number' || claims.exp <= nowSec) return undefined;
  if (typeof claims.sub !== 'string' || typeof claims.scope !== 'string') return undefined;
  return claims;
}
