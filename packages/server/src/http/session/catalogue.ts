import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { SITE_SECRET_PURPOSE } from '../../domain/merchants/merchant.service.js';
import { InvalidChecksum, InvalidTimestamp, NotFound } from '../../domain/errors.js';
import type { SessionContext } from '../../domain/sessions/session.types.js';
import {
  CATALOGUE_CHECKSUM_FIELDS,
  type CatalogueMethodName,
  verifyCatalogueChecksum,
} from '../../security/catalogue-checksum.js';
import { checkBodyValues } from '../validation.js';
import { bodyObject, idText, isLookupKey, isTimeStamp, logClientRequestId } from './auth.js';
import { checkTimeStampWindow } from './timestamp-window.js';
import { SESSION_API, success } from './envelope.js';

/**
 * The methods of the real gateway's catalogue beyond the seed (issue 15): one route per method at
 * `POST /ppp/api/v1/<method>.do`, authenticated like every checksum call (unknown merchant 1013,
 * unknown or foreign site 1022, malformed timeStamp 1021, wrong checksum 1001), its checksum over
 * the method's fields with nested values flattened (security/catalogue-checksum.ts).
 */

export function catalogueChecksumAuth(app: FastifyInstance, method: CatalogueMethodName): preValidationAsyncHookHandler {
  const fields = CATALOGUE_CHECKSUM_FIELDS[method];
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
    if (!isTimeStamp(body.timeStamp)) throw new InvalidTimestamp();
    const secret = app.services.deps.vault.open(site.secretKeySealed, SITE_SECRET_PURPOSE);
    if (typeof body.checksum !== 'string' || !verifyCatalogueChecksum(fields, body, secret, body.checksum)) {
      throw new InvalidChecksum();
    }
    checkTimeStampWindow(app.services, body.timeStamp);
    request.sessionContext = { merchantId, siteId: site.id };
    checkBodyValues(body);
    logClientRequestId(request, body);
  };
}

export interface CatalogueMethod<S extends TSchema> {
  name: CatalogueMethodName;
  summary: string;
  description: string;
  body: S;
  response: TSchema;
  /** the method's own members of the SUCCESS envelope */
  handle(ctx: SessionContext, body: Static<S>, request: FastifyRequest): Promise<Record<string, unknown>>;
}

export function registerCatalogueMethod<S extends TSchema>(app: FastifyInstance, m: CatalogueMethod<S>): void {
  app.post(
    `${SESSION_API}/${m.name}.do`,
    {
      preValidation: catalogueChecksumAuth(app, m.name),
      schema: {
        summary: m.summary,
        description: `${m.description} Checksum: ${CATALOGUE_CHECKSUM_FIELDS[m.name].join(', ')} (present fields only, nested values flattened in order), then the merchant secret key.`,
        tags: ['session'],
        body: m.body,
        response: { 200: m.response },
      },
    },
    async (request) => {
      const ctx = request.sessionContext;
      if (!ctx) throw new Error('route without checksum authentication');
      // validated by `m.body` (Fastify cannot resolve the body type of a schema left generic here)
      return success(request, await m.handle(ctx, request.body as Static<S>, request));
    },
  );
}
