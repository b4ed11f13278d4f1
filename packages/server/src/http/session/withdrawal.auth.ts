import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { InvalidChecksum, InvalidTimestamp, NotFound } from '../../domain/errors.js';
import { SITE_SECRET_PURPOSE } from '../../domain/merchants/merchant.service.js';
import { sessionChecksum } from '../../security/checksum.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { verifyCatalogueChecksum } from '../../security/catalogue-checksum.js';
import { hasBoolean, withdrawalChecksumValues } from '../../security/withdrawal-checksum.js';
import { checkBodyValues } from '../validation.js';
import { bodyObject, idText, isLookupKey, isTimeStamp, logClientRequestId } from './auth.js';
import { checkTimeStampWindow } from './timestamp-window.js';

/**
 * Authentication of the withdrawal management calls: the session interface's order of refusals
 * (unknown merchant 1013, unknown or foreign site 1022, malformed timeStamp 1021, wrong checksum
 * 1001), with the body-order checksum rule of DECISIONS.md 5 (security/withdrawal-checksum.ts), or,
 * for the methods the server facts mark [REQ], also the listed `required` fields in order.
 */
export function withdrawalChecksumAuth(app: FastifyInstance, required?: readonly string[]): preValidationAsyncHookHandler {
  return async (request) => {
    const body = bodyObject(request);
    const { merchants } = app.services.deps.storage.read;
    const merchantId = idText(body.merchantId);
    const merchantSiteId = idText(body.merchantSiteId);
    if (!isLookupKey(merchantId) || !(await merchants.findMerchant(merchantId))) {
      throw new NotFound('merchant', 'Invalid merchant ID');
    }
    const site = isLookupKey(merchantSiteId) ? await merchants.findSite(merchantSiteId) : undefined;
    if (!site || site.merchantId !== merchantId) throw new NotFound('site', 'Invalid merchant site id');
    if (!isTimeStamp(body.timeStamp)) {
      throw new InvalidTimestamp();
    }
    const secret = app.services.deps.vault.open(site.secretKeySealed, SITE_SECRET_PURPOSE);
    const expected = sessionChecksum(withdrawalChecksumValues(body), secret);
    const given = typeof body.checksum === 'string' ? body.checksum.toLowerCase() : undefined;
    // [REQ] methods: the PHP SDK's required-field order, or [BODY]; either matches (docs/decisions/0131)
    const byRequired = required !== undefined && given !== undefined && verifyCatalogueChecksum(required, body, secret, given);
    // the PHP SDK writes true as 1 and false as empty (docs/decisions/0123)
    const byPhpText = given !== undefined && hasBoolean(body) && constantTimeEqual(sessionChecksum(withdrawalChecksumValues(body, 'php'), secret), given);
    if (given === undefined || !(constantTimeEqual(expected, given) || byRequired || byPhpText)) {
      throw new InvalidChecksum();
    }
    // signed by the site, and signed recently enough (docs/decisions/0822)
    checkTimeStampWindow(app.services, body.timeStamp);
    request.sessionContext = { merchantId, siteId: site.id };
    checkBodyValues(body);
    logClientRequestId(request, body);
  };
}
