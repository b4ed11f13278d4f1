import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { BadRequest, Invalid, Missing } from '../../domain/errors.js';
import type { Session } from '../../domain/sessions/session.types.js';
import { findLiveSession } from '../../domain/sessions/session.service.js';
import { checkBodyValues } from '../session/auth.js';
import { clientError, clientErrorHandler } from './errors.js';
import { registerCaptureRoutes } from './capture.routes.js';
import { registerLookupRoutes } from './lookups.routes.js';
import { registerPaymentRoutes } from './payments.routes.js';
import { registerWithdrawalRoutes } from './withdrawals.routes.js';

/**
 * The client interface (`POST /client/v1/<method>`), called only by the Web SDK and the hosted pages
 * (DECISIONS.md 1). A JSON body authenticated by its `sessionToken`; no cookies, no credentials.
 * CORS (docs/decisions/0401): any origin may call, because nothing ambient authenticates a request —
 * the token in the body is the whole authority, exactly as it would be for a server-side caller.
 * Every answer is HTTP 200 with `status` SUCCESS or ERROR and, on error, `errCode`, `reason` and the
 * SDK's `errorDescription` (spec 4.2).
 */
export const CLIENT_API = '/client/v1';

export { clientError, clientSuccess, type ClientWireError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the live session of a client API call, set by `sessionTokenAuth` */
    clientSession: Session | null;
  }
}

/** `preValidation` hook: the body's `sessionToken` must name a live session (else 1069 Session expired). */
export function sessionTokenAuth(app: FastifyInstance): preValidationAsyncHookHandler {
  return async (request) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new BadRequest('Request body must be a JSON object');
    }
    const token = (body as Record<string, unknown>).sessionToken;
    if (token === undefined) throw new Missing('sessionToken');
    if (typeof token !== 'string' || token.length > 64) throw new Invalid('sessionToken', 'must be a session token');
    checkBodyValues(body);
    request.clientSession = await findLiveSession(app.services.deps, token);
    request.log = request.log.child({ siteId: request.clientSession.siteId });
  };
}

/** The session of a route guarded by `sessionTokenAuth`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.clientSession) throw new Error('route without session token authentication');
  return request.clientSession;
}

/** CORS for every origin, without credentials; preflights answered here (docs/decisions/0401). */
function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('access-control-allow-origin', '*');
    void reply.header('cache-control', 'no-store');
  });
  app.options(`${CLIENT_API}/*`, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type, x-request-id')
      .header('access-control-max-age', '600')
      .code(204)
      .send(),
  );
}

export async function clientPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(clientErrorHandler);
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('clientSession', null);
  registerCors(app);
  registerClientRoutes(app);
  registerWithdrawalRoutes(app);
  // Any other method: an error in the client API's shape, not the REST 404.
  app.post(`${CLIENT_API}/:method`, { schema: { hide: true } }, async (request) =>
    clientError({
      errCode: 1066,
      reason: `Unknown method: ${(request.params as { method: string }).method.slice(0, 64)}`,
    }),
  );
}

/** The routes behind the SDK functions. */
function registerClientRoutes(app: FastifyInstance): void {
  registerPaymentRoutes(app);
  registerLookupRoutes(app);
  registerCaptureRoutes(app);
}
