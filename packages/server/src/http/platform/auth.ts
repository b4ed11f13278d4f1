import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { PlatformCaller } from '../../domain/platform/platform.service.js';
import { merchantOf, restAuth } from '../rest/auth.js';

/**
 * Platform authentication: the REST interface's `x-api-key` check (DECISIONS.md 10), before the
 * body is read. The key's merchant is the platform; its site signs the platform's webhooks.
 */
export function platformAuth(app: FastifyInstance): onRequestHookHandler {
  return restAuth(app, { bearer: false });
}

export function platformOf(request: FastifyRequest): PlatformCaller {
  const ctx = merchantOf(request);
  return { platformId: ctx.merchantId, siteId: ctx.siteId };
}

/** The `limit` query parameter of a list (validated by its schema), default 100. */
export function limitOf(query: { limit?: string | undefined }): number {
  return query.limit === undefined ? 100 : Number(query.limit);
}
