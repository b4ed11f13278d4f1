import type { FastifyInstance } from 'fastify';
import { restErrorHandler } from './errors.js';
import { registerOauthToken } from './oauth.token.js';
import { registerCreateOrder } from './orders.create.js';
import { registerOrderStatus } from './orders.status.js';
import { registerUpdateOrder } from './orders.update.js';

/** The REST 2.0 interface: its routes and its own error shape. */
export async function restPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(restErrorHandler);
  // REST bodies are JSON only: without this, Fastify's default text/plain parser hands the schema a
  // string, and a wrong content type is answered as an invalid value (5000.1001) instead of 5000.1002.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('merchant', null);
  // JSON only: a text/plain body is a wrong content type (5000.1002), not a string to validate.
  app.removeContentTypeParser('text/plain');
  registerCreateOrder(app);
  registerUpdateOrder(app);
  registerOrderStatus(app);
  registerOauthToken(app);
}
