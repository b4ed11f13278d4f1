import type { FastifyInstance } from 'fastify';
import { type FollowUpBody, transactionOperationRoute } from './transaction-operation.js';

/** POST /ppp/api/v1/voidTransaction.do: Void a transaction. */
export function registerVoidTransaction(app: FastifyInstance): void {
  const r = transactionOperationRoute(app, 'voidTransaction', 'Void a transaction');
  app.post<{ Body: FollowUpBody }>(r.url, r.options, r.handler);
}
