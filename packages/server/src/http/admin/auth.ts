import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Unauthenticated } from '../../domain/errors.js';
import { requireOperationsKey } from '../../domain/merchants/merchant.service.js';
import { authenticateApiKey } from '../api-key-auth.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller of an admin route, set by its `onRequest` hook */
    adminCaller: MerchantContext | null;
  }
}

/**
 * Admin authentication: an Operations `x-api-key`, checked from the headers before the body is
 * read. Everything the caller sees or changes is limited to the key's merchant.
 */
export function adminAuth(app: FastifyInstance): onRequestAsyncHookHandler {
  return async (request) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) throw new Unauthenticated('no credential');
    const ctx = await authenticateApiKey(app.services.deps.storage.read, key);
    requireOperationsKey(ctx);
    request.adminCaller = ctx;
  };
}

export function callerOf(request: FastifyRequest): MerchantContext {
  if (!request.adminCaller) throw new Unauthenticated('route without authentication hook');
  return request.adminCaller;
}
