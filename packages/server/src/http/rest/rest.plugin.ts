import type { FastifyInstance } from 'fastify';
import { restErrorHandler } from './errors.js';
import { registerOauthToken } from './oauth.token.js';
import { registerCreateOrder } from './orders.create.js';
import { registerOrderStatus } from './orders.status.js';
import { registerUpdateOrder } from './orders.update.js';

/** The REST 2.0 interface: its routes and its own error shape. */
export async function restPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(restErrorHandler);
  registerCreateOrder(app);
  registerUpdateOrder(app);
  registerOrderStatus(app);
  registerOauthToken(app);
}
