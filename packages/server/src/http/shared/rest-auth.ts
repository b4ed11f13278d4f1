import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthenticated } from '../../domain/errors.js';
import { contextOfAccessToken } from '../../domain/merchants/merchant.service.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import { verifyAccessToken } from '../../security/jwt.js';
import { resolveApiKey } from '../api-key-auth.js';
import type { Services } from '../services.js';

/** The REST credentials, shared by the REST API and the platform API (docs/platform.md, docs/decisions/0618). */

/**
 * REST 2.0 authentication (docs/session-methods.md, docs/rest-orders.md): `x-api-key`, or `Authorization: Bearer` with a
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

/** The authenticated caller of a route guarded by `restAuth` (REST) or `platformAuth`. */
export function merchantOf(request: FastifyRequest): MerchantContext {
  if (!request.merchant) throw new Unauthenticated('route without authentication hook');
  return request.merchant;
}
