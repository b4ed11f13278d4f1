import type { FastifyInstance } from 'fastify';
import { checkJsonValue, MAX_NESTING } from '../validation.js';
import { restErrorHandler } from './errors.js';
import { registerOauthToken } from './oauth.token.js';
import { registerCreateOrder } from './orders.create.js';
import { registerOrderStatus } from './orders.status.js';
import { registerUpdateOrder } from './orders.update.js';
import { registerCreatePayment } from './payments.create.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** a REST request's JSON body as received, set by the REST plugin's JSON parser */
    rawBody: string | null;
  }
}

/** The REST 2.0 interface: its routes and its own error shape. */
export async function restPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(restErrorHandler);
  app.decorateRequest('merchant', null);
  // JSON only: a text/plain body is a wrong content type (5000.1002), not a string to validate.
  app.removeContentTypeParser('text/plain');
  // Fastify's own JSON parser (same errors, same poisoning checks), keeping the text as received: an
  // order stores it as its request (ADR 0014).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('rawBody', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    // typed `void | Promise`, but Fastify's default JSON parser is synchronous and answers through done()
    void parseJson(request, body as string, done);
  });
  // Before the schemas: a NUL character would reach PostgreSQL text columns, and a deeply nested
  // opaque member would exhaust the stack when the order is stored or its idempotency hash computed.
  // A callback hook: the check is synchronous, and `done(problem)` reaches the error handler as a throw would.
  app.addHook('preValidation', (request, _reply, done) => {
    done(checkJsonValue(request.body, MAX_NESTING, request.rawBody ?? undefined) ?? checkJsonValue(request.query));
  });
  registerCreateOrder(app);
  registerUpdateOrder(app);
  registerOrderStatus(app);
  registerOauthToken(app);
  registerCreatePayment(app);
}
