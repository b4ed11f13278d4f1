import type { FastifyInstance } from 'fastify';
import { type FollowUpBody, transactionOperationRoute } from './transaction-operation.js';

/** POST /ppp/api/v1/settleTransaction.do: Settle an authorised transaction. */
export function registerSettleTransaction(app: FastifyInstance): void {
  const r = transactionOperationRoute(app, 'settleTransaction', 'Settle an authorised transaction');
  app.post<{ Body: FollowUpBody }>(r.url, r.options, r.handler);
}
