import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Forbidden, Unauthenticated } from '../../domain/errors.js';
import { contextOfAccessToken } from '../../domain/merchants/merchant.service.js';
import { resolveApiKey } from '../api-key-auth.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import type { Services } from '../services.js';
import { verifyAccessToken } from '../../security/jwt.js';

/**
 * REST 2.0 authentication (spec 5, DECISIONS.md 3): `x-api-key`, or `Authorization: Bearer` with a
 * merchant access token where the operation accepts one. Update and status take an API key only.
 * An API key whose record is cached is answered at once, without a promise (every request of a key
 * in use); anything else returns a promise. A failure is thrown or rejected.
 */
export function authenticateRest(
  services: Services,
  request: FastifyRequest,
  accept: { bearer: boolean },
): MerchantContext | Promise<MerchantContext> {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0) {
    return resolveApiKey(services.deps.storage.read, apiKey);
  }
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^bearer\s/i.test(authorization)) {
    if (!accept.bearer) throw new Forbidden('this operation accepts an API key only');
    return authenticateBearer(services, authorization.slice(7).trim());
  }
  throw new Unauthenticated('no credential');
}

async function authenticateBearer(services: Services, token: string): Promise<MerchantContext> {
  const claims = await verifyAccessToken(services.box, token, Math.floor(services.deps.clock.now() / 1000));
  if (!claims) {
    // An order's sessionId is a bearer for that order's payments only, never for creating orders.
    if (await services.deps.storage.read.orders.findBySessionId(token)) {
      throw new Forbidden('a sessionId token cannot create orders');
    }
    throw new Unauthenticated('invalid bearer token');
  }
  return contextOfAccessToken(services.deps.storage.read, claims);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller, set by the REST routes' `onRequest` authentication hook */
    merchant: MerchantContext | null;
  }
}

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

/** The authenticated caller of a route guarded by `restAuth`. */
export function merchantOf(request: FastifyRequest): MerchantContext {
  if (!request.merchant) throw new Unauthenticated('route without authentication hook');
  return request.merchant;
}
