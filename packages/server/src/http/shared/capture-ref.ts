import { timingSafeEqual } from 'node:crypto';
import type { DomainDeps } from '../../domain/ports.js';

/**
 * The signed reference of an account capture page (docs/decisions/0406): the client API's
 * accountCapture signs it, the hosted capture page opens it. HMAC under the master key; names
 * session, user, method and expiry.
 */

const CAPTURE_PURPOSE = 'client.account-capture';

export interface CaptureRef {
  t: string;
  u: string;
  m: string;
  cur: string;
  c: string;
  lang: string;
  exp: number;
  urls: { successUrl?: string; failureUrl?: string };
}

export function signCaptureRef(deps: DomainDeps, ref: CaptureRef): string {
  const payload = Buffer.from(JSON.stringify(ref)).toString('base64url');
  return `${payload}.${deps.vault.mac(CAPTURE_PURPOSE, payload).toString('base64url')}`;
}

/** The reference of a capture page, when its signature holds and it has not expired. */
export function openCaptureRef(deps: DomainDeps, text: string): CaptureRef | undefined {
  const [payload, sig] = text.split('.');
  if (!payload || !sig) return undefined;
  // compared as text: one canonical encoding only
  const expected = Buffer.from(deps.vault.mac(CAPTURE_PURPOSE, payload).toString('base64url'));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const ref = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CaptureRef;
  return ref.exp >= deps.clock.now() ? ref : undefined;
}
