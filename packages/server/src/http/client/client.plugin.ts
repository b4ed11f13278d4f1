import type { FastifyInstance } from 'fastify';
import { registerCaptureRoutes } from './capture.routes.js';
import { registerCheckoutRoutes } from './checkout.routes.js';
import { CLIENT_API } from './context.js';
import { clientError, clientErrorHandler } from './errors.js';
import { registerLookupRoutes } from './lookups.routes.js';
import { registerPaymentRoutes } from './payments.routes.js';
import { registerWithdrawalRoutes } from './withdrawals.routes.js';

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

/**
 * The client interface (`POST /client/v1/<method>`), called only by the Web SDK and the hosted pages
 * (docs/web-sdk.md). A JSON body authenticated by its `sessionToken`; no cookies, no credentials.
 * CORS (docs/decisions/0401): any origin may call, because nothing ambient authenticates a request —
 * the token in the body is the whole authority, exactly as it would be for a server-side caller.
 * Every answer is HTTP 200 with `status` SUCCESS or ERROR and, on error, `errCode`, `reason` and the
 * SDK's `errorDescription` (docs/web-sdk.md).
 */
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
  registerCheckoutRoutes(app);
}
