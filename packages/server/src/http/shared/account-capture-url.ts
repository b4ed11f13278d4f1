import type { FastifyRequest } from 'fastify';
import { findApm } from '../../acquirer/apm-catalogue.js';
import { MethodNotEnabled, UnsupportedCurrency } from '../../domain/errors.js';
import type { DomainDeps } from '../../domain/ports.js';
import { obj, str } from '../fields.js';
import { baseUrlOf } from '../three-d.view.js';
import { signCaptureRef } from './capture-ref.js';

const CAPTURE_TTL_MS = 30 * 60 * 1000;

const httpUrl = (v: unknown) =>
  typeof v === 'string' && /^https?:\/\/\S+$/.test(v) && v.length <= 1000 ? v : undefined;

/**
 * The URL of Gatehouse's account capture page (docs/decisions/0406) for a payout-capable
 * `paymentMethod` in `currencyCode` and `countryCode`, signed for the session and userTokenId; used by
 * the client API's and the session API's accountCapture.
 */
export function accountCaptureUrl(
  deps: DomainDeps,
  request: FastifyRequest,
  sessionToken: string,
  body: Record<string, unknown>,
): string {
  const method = findApm(String(body.paymentMethod));
  if (!method || !method.payoutCapable)
    throw new MethodNotEnabled('paymentMethod', `${String(body.paymentMethod)} cannot receive payouts`);
  const currency = String(body.currencyCode).toUpperCase();
  const country = String(body.countryCode).toUpperCase();
  if (!method.currencies.includes(currency))
    throw new UnsupportedCurrency(
      'currencyCode',
      `[currencyCode] ${currency} is not supported by ${method.paymentMethod}`,
    );
  if (!method.countries.includes(country))
    throw new MethodNotEnabled('countryCode', `${method.paymentMethod} is not enabled for country ${country}`);
  const urls = obj(body.urlDetails);
  const ref = signCaptureRef(deps, {
    t: sessionToken,
    u: String(body.userTokenId),
    m: method.paymentMethod,
    cur: currency,
    c: country,
    lang: str(body.languageCode)?.toLowerCase() ?? 'en',
    exp: deps.clock.now() + CAPTURE_TTL_MS,
    urls: {
      ...(httpUrl(urls?.successUrl) ? { successUrl: httpUrl(urls?.successUrl) } : {}),
      ...(httpUrl(urls?.failureUrl) ? { failureUrl: httpUrl(urls?.failureUrl) } : {}),
    },
  });
  return `${baseUrlOf(request)}/hosted/v1/account-capture?ref=${ref}`;
}
