import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import { authenticateRest } from '../shared/rest-auth.js';

export { merchantOf } from '../shared/rest-auth.js';

/**
 * The `onRequest` hook of a REST route: credentials are checked from the headers before the body is
 * read or validated, so an unauthenticated caller learns nothing about the request schema.
 */
export function restAuth(app: FastifyInstance, accept: { bearer: boolean }): onRequestHookHandler {
  // A callback hook: a cached key is answered in the same turn, with no promise per request.
  return (request, _reply, done) => {
    let ctx: MerchantContext | Promise<MerchantContext>;
    try {
      ctx = authenticateRest(app.services, request, accept);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (ctx instanceof Promise) {
      ctx.then((resolved) => {
        request.merchant = resolved;
        done();
      }, done);
      return;
    }
    request.merchant = ctx;
    done();
  };
}
