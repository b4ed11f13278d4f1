import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Forbidden, Unauthenticated } from '../../domain/errors.js';
import { authenticateApiKey, contextOfAccessToken } from '../../domain/merchants/merchant.service.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import type { Services } from '../services.js';
import { verifyAccessToken } from '../../security/jwt.js';

/**
 * REST 2.0 authentication (spec 5, DECISIONS.md 3): `x-api-key`, or `Authorization: Bearer` with a
 * merchant access token where the operation accepts one. Update and status take an API key only.
 */
export async function authenticateRest(
  services: Services,
  request: FastifyRequest,
  accept: { bearer: boolean },
): Promise<MerchantContext> {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0) {
    return authenticateApiKey(services.deps.storage.read, apiKey);
  }
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^bearer\s/i.test(authorization)) {
    if (!accept.bearer) throw new Forbidden('this operation accepts an API key only');
    const token = authorization.slice(7).trim();
    const claims = verifyAccessToken(services.box, token, Math.floor(services.deps.clock.now() / 1000));
    if (!claims) {
      // An order's sessionId is a bearer for that order's payments only, never for creating orders.
      if (await services.deps.storage.read.orders.findBySessionId(token)) {
        throw new Forbidden('a sessionId token cannot create orders');
      }
      throw new Unauthenticated('invalid bearer token');
    }
    return contextOfAccessToken(services.deps.storage.read, claims);
  }
  throw new Unauthenticated('no credential');
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
export function restAuth(app: FastifyInstance, accept: { bearer: boolean }): onRequestAsyncHookHandler {
  return async (request) => {
    request.merchant = await authenticateRest(app.services, request, accept);
  };
}

/** The authenticated caller of a route guarded by `restAuth`. */
export function merchantOf(request: FastifyRequest): MerchantContext {
  if (!request.merchant) throw new Unauthenticated('route without authentication hook');
  return request.merchant;
}
