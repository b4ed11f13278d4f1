import type { FastifyInstance } from 'fastify';
import { checkJsonValue } from '../validation.js';
import { restErrorHandler } from './errors.js';
import { registerOauthToken } from './oauth.token.js';
import { registerCreateOrder } from './orders.create.js';
import { registerOrderStatus } from './orders.status.js';
import { registerUpdateOrder } from './orders.update.js';
import { registerCreatePayment } from './payments.create.js';

/** The REST 2.0 interface: its routes and its own error shape. */
export async function restPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(restErrorHandler);
  app.decorateRequest('merchant', null);
  // JSON only: a text/plain body is a wrong content type (5000.1002), not a string to validate.
  app.removeContentTypeParser('text/plain');
  // Before the schemas: a NUL character would reach PostgreSQL text columns, and a deeply nested
  // opaque member would exhaust the stack when the order is stored or its idempotency hash computed.
  // A callback hook: the check is synchronous, and `done(problem)` reaches the error handler as a throw would.
  app.addHook('preValidation', (request, _reply, done) => {
    done(checkJsonValue(request.body) ?? checkJsonValue(request.query));
  });
  registerCreateOrder(app);
  registerUpdateOrder(app);
  registerOrderStatus(app);
  registerOauthToken(app);
  registerCreatePayment(app);
}
