import type { FastifyInstance } from 'fastify';
import { CASHIER_JS } from './cashier-page.js';

/** `GET /demo/cashier.js`: the cashier page's script (the page's CSP allows no inline script). */
export function cashierScriptRoute(app: FastifyInstance): void {
  app.get('/demo/cashier.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('application/javascript; charset=utf-8').send(CASHIER_JS),
  );
}
