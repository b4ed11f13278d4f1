import type { FastifyInstance, FastifyRequest } from 'fastify';
import { claimUniqueClientRequestId } from '../../domain/sessions/client-request-id.js';
import { isLookupKey } from './auth.js';

/**
 * The site setting for unique `clientRequestId` (docs/decisions/0104, 0806) covers every method of
 * the session catalogue. The methods that change state claim the value in their own write (listed
 * here); every other method claims it in a write of its own before its handler runs, and gives it
 * back when the call is refused, so a refused call leaves the value unused. A site without the
 * setting costs one read of its settings, no write.
 */
const CLAIMED_IN_THEIR_WRITE = new Set([
  'getSessionToken',
  'openOrder',
  'updateOrder',
  'payment',
  'paymentCC',
  'paymentAPM',
  'payment3D',
  'dynamic3D',
  'authorization3D',
  'settleTransaction',
  'refundTransaction',
  'voidTransaction',
  'payout',
  'submitRequest',
  'cancelRequest',
  'approveRequest',
  'declineRequest',
]);

/** `payment` of `/ppp/api/v1/payment.do`; undefined for the catch-all route. */
function methodOf(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url;
  if (!url || url.endsWith('*')) return undefined;
  return url.slice(url.lastIndexOf('/') + 1).replace(/\.do$/, '');
}

export function registerClientRequestIdClaims(app: FastifyInstance): void {
  const claimed = new WeakMap<FastifyRequest, { siteId: string; value: string }>();
  const claim = async (request: FastifyRequest, siteId: string, value: string) => {
    const { deps } = app.services;
    if (!(await deps.storage.read.sessions.siteSettings(siteId))?.uniqueClientRequestId) return;
    // the setting was just read: the write only claims
    await deps.storage.write((repos) => claimUniqueClientRequestId(repos, siteId, value, deps.clock.now()));
    claimed.set(request, { siteId, value });
  };
  // a callback: most requests (the methods that claim in their own write) have nothing to wait for
  app.addHook('preHandler', (request, _reply, done) => {
    const ctx = request.sessionContext;
    const value = (request.body as { clientRequestId?: unknown } | null)?.clientRequestId;
    if (!ctx || !isLookupKey(value)) return done();
    const method = methodOf(request);
    if (method === undefined || CLAIMED_IN_THEIR_WRITE.has(method)) return done();
    claim(request, ctx.siteId, value).then(() => done(), done);
  });
  app.addHook('onError', async (request) => {
    const claim = claimed.get(request);
    if (!claim) return;
    claimed.delete(request);
    await app.services.deps.storage.write((repos) => repos.sessions.releaseClientRequestId(claim.siteId, claim.value));
  });
}
