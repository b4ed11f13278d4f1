import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Forbidden, Unauthenticated } from '../../domain/errors.js';
import { requireOperationsKey } from '../../domain/merchants/merchant.service.js';
import { authenticateApiKey } from '../api-key-auth.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import { looksLikeOperatorKey, parseOperatorKey, verifyOperatorSecret } from '../../security/operator-keys.js';
import { findOperatorCredential } from '../../store/operator-credentials.repo.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the merchant calling an admin route with its Operations key, set by its `onRequest` hook */
    adminCaller: MerchantContext | null;
    /** the operator credential's id, when an operator calls (docs/decisions/0824) */
    adminOperator: string | null;
  }
}

/** The credential presented: `x-api-key`, or `Authorization: Bearer` (operator credentials). */
function presented(request: FastifyRequest): string | undefined {
  const key = request.headers['x-api-key'];
  if (typeof key === 'string' && key.length > 0) return key;
  const auth = request.headers.authorization;
  const m = typeof auth === 'string' ? /^Bearer (gho_\S+)$/.exec(auth) : null;
  return m ? m[1] : undefined;
}

/**
 * Admin authentication (docs/decisions/0824), from the headers before the body is read: an operator
 * credential (`gho_…`, made by `gatehouse operators create`, revocable), or a merchant's Operations
 * `x-api-key`, which sees and changes only its own merchant's data and cannot make the moves only a
 * bank or an acquirer makes (`operatorOnlyInProduction`).
 */
export function adminAuth(app: FastifyInstance): onRequestAsyncHookHandler {
  return async (request) => {
    const key = presented(request);
    if (key === undefined) throw new Unauthenticated('no credential');
    if (looksLikeOperatorKey(key)) {
      const parsed = parseOperatorKey(key);
      const record = parsed ? await findOperatorCredential(app.services.store.db, parsed.id) : undefined;
      if (!parsed || !record || record.revokedAt !== null || !verifyOperatorSecret(parsed.secret, record.secretHash)) {
        throw new Unauthenticated('unknown or revoked operator credential');
      }
      request.adminOperator = record.id;
      return;
    }
    const ctx = await authenticateApiKey(app.services.deps.storage.read, key);
    requireOperationsKey(ctx);
    request.adminCaller = ctx;
  };
}

/** The merchant of a route that acts from a merchant's own site: an operator credential is refused (403). */
export function callerOf(request: FastifyRequest): MerchantContext {
  if (request.adminOperator) throw new Forbidden('this route acts for a merchant: use its Operations key');
  if (!request.adminCaller) throw new Unauthenticated('route without authentication hook');
  return request.adminCaller;
}

/** What the caller may see: its merchant's rows, or every merchant's for an operator. */
export function scopeOf(request: FastifyRequest): { merchantId: string | undefined } {
  if (request.adminOperator) return { merchantId: undefined };
  return { merchantId: callerOf(request).merchantId };
}

/**
 * A move only a bank or an acquirer makes (completing a bank transfer or another pending APM payment):
 * in production mode an operator's alone, a merchant key is refused with 403 (docs/decisions/0824).
 */
export function operatorOnlyInProduction(app: FastifyInstance, request: FastifyRequest): void {
  if (app.services.config.GATEHOUSE_MODE === 'production' && !request.adminOperator) {
    throw new Forbidden('in production mode only an operator credential makes this move');
  }
}
