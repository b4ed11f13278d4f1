import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { Secret } from '../lib/secret.js';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type AccessTokenClaims,
  signAccessToken,
  verifyAccessToken,
} from './jwt.js';
import { createSealedBox } from './sealed-box.js';

/** Access tokens through jose: issuer, audience, nbf, exp by the injected clock, and key rotation by kid. */

const box = createSealedBox(new Secret(Buffer.alloc(32, 7)));
const other = createSealedBox(new Secret(Buffer.alloc(32, 9)));
const NOW = 1_800_000_000;
const claims: AccessTokenClaims = { sub: 'entity-1', kid: 'key_abc', scope: 'payments', iat: NOW, exp: NOW + 900 };
const keyOf = (b: typeof box, id: string) => new Uint8Array(b.mac('oauth2/access-token', `signing-key/${id}`));

describe('access tokens', () => {
  it('verify within their lifetime, with every claim back', async () => {
    const token = await signAccessToken(box, claims);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
      kid: 'at1',
    });
    expect(await verifyAccessToken(box, token, NOW)).toEqual(claims);
    expect(await verifyAccessToken(box, token, NOW + 899)).toEqual(claims);
  });

  it('are refused once expired, before nbf, under another master key, or tampered with', async () => {
    const token = await signAccessToken(box, claims);
    expect(await verifyAccessToken(box, token, NOW + 900)).toBeUndefined();
    expect(await verifyAccessToken(box, token, NOW - 1)).toBeUndefined();
    expect(await verifyAccessToken(other, token, NOW)).toBeUndefined();
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'entity-2' }),
    ).toString('base64url');
    expect(await verifyAccessToken(box, `${h}.${forged}.${s}`, NOW)).toBeUndefined();
    expect(await verifyAccessToken(box, 'not.a.token', NOW)).toBeUndefined();
    expect(await verifyAccessToken(box, '', NOW)).toBeUndefined();
  });

  it('are refused with another issuer or audience, alg none, or an unknown key id, even when signed with our key', async () => {
    const signed = (issuer: string, audience: string, kid = 'at1') =>
      new SignJWT({ kid: 'key_abc', scope: 'payments' })
        .setProtectedHeader({ alg: 'HS256', kid })
        .setSubject('entity-1')
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(NOW)
        .setNotBefore(NOW)
        .setExpirationTime(NOW + 900)
        .sign(keyOf(box, kid));
    expect(await verifyAccessToken(box, await signed(ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE), NOW)).toEqual(claims);
    expect(await verifyAccessToken(box, await signed('someone-else', ACCESS_TOKEN_AUDIENCE), NOW)).toBeUndefined();
    expect(await verifyAccessToken(box, await signed(ACCESS_TOKEN_ISSUER, 'another-api'), NOW)).toBeUndefined();
    expect(
      await verifyAccessToken(box, await signed(ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE, 'at9'), NOW),
    ).toBeUndefined();
    const none = new UnsecuredJWT({ kid: 'key_abc', scope: 'payments' })
      .setSubject('entity-1')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(NOW)
      .setNotBefore(NOW)
      .setExpirationTime(NOW + 900)
      .encode();
    expect(await verifyAccessToken(box, none, NOW)).toBeUndefined();
  });

  it('rotate: a new key signs, tokens of the previous one verify until it is dropped', async () => {
    const old = await signAccessToken(box, claims, ['at1']);
    const fresh = await signAccessToken(box, claims, ['at2', 'at1']);
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe('at2');
    expect(await verifyAccessToken(box, old, NOW, ['at2', 'at1'])).toEqual(claims);
    expect(await verifyAccessToken(box, fresh, NOW, ['at2', 'at1'])).toEqual(claims);
    expect(await verifyAccessToken(box, old, NOW, ['at2'])).toBeUndefined();
  });
});
