import { errors, jwtVerify, SignJWT } from 'jose';
import type { SealedBox } from './sealed-box.js';

/**
 * Merchant access tokens: HS256 JWTs made and checked by `jose` (docs/decisions/0904), with issuer,
 * audience, `nbf` and `exp` checked against the injected clock, and a `kid` header naming the signing
 * key, so a new key can sign while tokens of the previous one run out.
 */
export interface AccessTokenClaims {
  /** processing entity the token acts for */
  sub: string;
  /** the API key that obtained it */
  kid: string;
  scope: string;
  iat: number;
  exp: number;
}

export const ACCESS_TOKEN_ISSUER = 'gatehouse';
export const ACCESS_TOKEN_AUDIENCE = 'gatehouse:rest';
const PURPOSE = 'oauth2/access-token';

/**
 * The signing keys by key id, each derived from the master key; the first signs. To rotate, put a new
 * id first and keep the old one until the longest token lifetime has passed.
 */
export const ACCESS_TOKEN_KEY_IDS = ['at1'] as const;

const keyOf = (box: SealedBox, keyId: string) => new Uint8Array(box.mac(PURPOSE, `signing-key/${keyId}`));

export async function signAccessToken(
  box: SealedBox,
  claims: AccessTokenClaims,
  keyIds: readonly string[] = ACCESS_TOKEN_KEY_IDS,
): Promise<string> {
  const keyId = keyIds[0]!;
  return new SignJWT({ kid: claims.kid, scope: claims.scope })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId })
    .setSubject(claims.sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(claims.iat)
    .setNotBefore(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(keyOf(box, keyId));
}

/** The claims of a well-signed token valid at `nowSec` (from the clock); undefined otherwise. */
export async function verifyAccessToken(
  box: SealedBox,
  token: string,
  nowSec: number,
  keyIds: readonly string[] = ACCESS_TOKEN_KEY_IDS,
): Promise<AccessTokenClaims | undefined> {
  if (token.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        if (typeof header.kid !== 'string' || !keyIds.includes(header.kid)) throw new errors.JWKSNoMatchingKey();
        return keyOf(box, header.kid);
      },
      {
        algorithms: ['HS256'],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: new Date(nowSec * 1000),
        requiredClaims: ['sub', 'exp', 'nbf', 'iat'],
        clockTolerance: 0,
      },
    );
    if (typeof payload.sub !== 'string' || typeof payload.scope !== 'string' || typeof payload.kid !== 'string')
      return undefined;
    return { sub: payload.sub, kid: payload.kid, scope: payload.scope, iat: payload.iat!, exp: payload.exp! };
  } catch (err) {
    // a token that is malformed, forged, expired or for another key: refused; anything else is ours
    if (err instanceof errors.JOSEError) return undefined;
    throw err;
  }
}
