import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Secret } from '../../lib/secret.js';
import { BadRequest, InvalidChecksum, InvalidTimestamp, NotFound } from '../../domain/errors.js';
import { SITE_SECRET_PURPOSE } from '../../domain/merchants/merchant.service.js';
import type { SessionContext } from '../../domain/sessions/session.types.js';
import { type SessionMethod, verifySessionChecksum } from '../../security/checksum.js';
import type { Services } from '../services.js';
import { obj } from '../fields.js';
import { checkBodyValues } from '../validation.js';
import { bindToRequestLog } from '../logging.js';
import { checkTimeStampWindow } from './timestamp-window.js';

/**
 * Session interface authentication (docs/session-api.md, docs/decisions/0102), in this order: unknown merchant 1013,
 * unknown site or a site of another merchant 1022, malformed timeStamp 1021, wrong checksum 1001,
 * a timeStamp outside its window 1021 (docs/decisions/0822).
 * It runs before the body is validated, so an unsigned caller learns nothing of the schema.
 */

/**
 * `YYYYMMDDHHmmss`: 14 digits, as a string or a JSON number (docs/decisions/0121). No field's range is
 * checked: one public SDK puts the month where the minutes belong. Its distance from the current time
 * is checked, once the checksum holds, against a window wide enough for any time zone (0822).
 */
export function isTimeStamp(value: unknown): value is string | number {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1e13 && value < 1e14;
  return typeof value === 'string' && /^\d{14}$/.test(value);
}

/** merchantId and merchantSiteId arrive as strings or JSON numbers (docs/decisions/0121). */
export function idText(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
}

/** A value worth looking up: a string of at most 255 characters without U+0000. */
export function isLookupKey(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 255 && !v.includes('\u0000');
}

/**
 * Tags the request's later log lines with the body's clientRequestId, when it is one: without the
 * site's uniqueness setting a clientRequestId is only echoed and logged.
 */
export function logClientRequestId(request: FastifyRequest, body: Record<string, unknown>): void {
  if (isLookupKey(body.clientRequestId)) bindToRequestLog(request, { clientRequestId: body.clientRequestId });
}

/** The request body as an object; anything else is an invalid request. */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = obj(request.body);
  if (!body) throw new BadRequest('Request body must be a JSON object');
  return body;
}

/** How a method's checksum is checked: the site's secret key and the checksum given. */
export type ChecksumRule = (secret: Secret<string>, given: string, body: Record<string, unknown>) => boolean;

/** A method of the seed's checksum table (security/checksum.ts). */
export const tableRule =
  (method: SessionMethod): ChecksumRule =>
  (secret, given, body) =>
    verifySessionChecksum(method, body, secret, given);

/**
 * The site's secret key opens only here, to verify one checksum: a malformed timeStamp 1021, a wrong
 * checksum 1001, a timeStamp outside its window 1021 (docs/decisions/0822).
 */
export function verifySiteChecksum(
  services: Services,
  rule: ChecksumRule,
  body: Record<string, unknown>,
  site: { secretKeySealed: string },
): void {
  if (!isTimeStamp(body.timeStamp)) {
    throw new InvalidTimestamp();
  }
  const secret = services.deps.vault.open(site.secretKeySealed, SITE_SECRET_PURPOSE);
  if (typeof body.checksum !== 'string' || !rule(secret, body.checksum, body)) {
    throw new InvalidChecksum();
  }
  // signed by the site, and signed recently enough (docs/decisions/0822)
  checkTimeStampWindow(services, body.timeStamp);
}

/**
 * The one session checksum authenticator (docs/decisions/0644): unknown merchant 1013, unknown site or
 * a site of another merchant 1022, then `verifySiteChecksum` with the method's rule.
 */
export async function authenticateChecksum(
  services: Services,
  method: SessionMethod | ChecksumRule,
  body: Record<string, unknown>,
): Promise<SessionContext> {
  const { merchants } = services.deps.storage.read;
  const merchantId = idText(body.merchantId);
  const merchantSiteId = idText(body.merchantSiteId);
  if (!isLookupKey(merchantId) || !(await merchants.findMerchant(merchantId))) {
    throw new NotFound('merchant', 'Invalid merchant ID');
  }
  const site = isLookupKey(merchantSiteId) ? await merchants.findSite(merchantSiteId) : undefined;
  if (!site || site.merchantId !== merchantId) throw new NotFound('site', 'Invalid merchant site id');
  verifySiteChecksum(services, typeof method === 'string' ? tableRule(method) : method, body, site);
  return { merchantId, siteId: site.id };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller, set by the session routes' checksum hook */
    sessionContext: SessionContext | null;
  }
}

/** The `preValidation` hook of a checksum-signed session route. */
export function checksumAuth(
  app: FastifyInstance,
  method: SessionMethod | ChecksumRule,
): preValidationAsyncHookHandler {
  return async (request) => {
    const body = bodyObject(request);
    request.sessionContext = await authenticateChecksum(app.services, method, body);
    checkBodyValues(body);
    logClientRequestId(request, body);
  };
}

/** The authenticated caller of a route guarded by `checksumAuth`. */
export function contextOf(request: FastifyRequest): SessionContext {
  if (!request.sessionContext) throw new Error('route without checksum authentication');
  return request.sessionContext;
}
