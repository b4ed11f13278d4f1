import type { FastifyInstance } from 'fastify';
import { type FollowUpBody, transactionOperationRoute } from './transaction-operation.js';

/** POST /ppp/api/v1/refundTransaction.do: Refund a settled transaction. */
export function registerRefundTransaction(app: FastifyInstance): void {
  const r = transactionOperationRoute(app, 'refundTransaction', 'Refund a settled transaction');
  app.post<{ Body: FollowUpBody }>(r.url, r.options, r.handler);
}
