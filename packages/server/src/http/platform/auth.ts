import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { requireOperationsKey } from '../../domain/merchants/merchant.service.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import type { PlatformCaller } from '../../domain/platform/platform.service.js';
import { authenticateRest, merchantOf } from '../shared/rest-auth.js';

/**
 * Platform authentication: the REST interface's `x-api-key` check (docs/platform.md), before the
 * body is read; an Operations key only (a dispute key is 403, as on orders). The key's merchant is
 * the platform; its site signs the platform's webhooks.
 */
export function platformAuth(app: FastifyInstance): onRequestHookHandler {
  return (request, _reply, done) => {
    const accept = (ctx: MerchantContext) => {
      requireOperationsKey(ctx);
      request.merchant = ctx;
    };
    try {
      const ctx = authenticateRest(app.services, request, { bearer: false });
      if (ctx instanceof Promise) {
        ctx.then((c) => {
          try {
            accept(c);
            done();
          } catch (err) {
            done(err as Error);
          }
        }, done);
        return;
      }
      accept(ctx);
      done();
    } catch (err) {
      done(err as Error);
    }
  };
}

export function platformOf(request: FastifyRequest): PlatformCaller {
  const ctx = merchantOf(request);
  return { platformId: ctx.merchantId, siteId: ctx.siteId };
}

/** The `limit` query parameter of a list (validated by its schema), default 100. */
export function limitOf(query: { limit?: string | undefined }): number {
  return query.limit === undefined ? 100 : Number(query.limit);
}
