import type { FastifyInstance } from 'fastify';
import { registerTransactionOperation } from './transaction.route.js';

/** POST /ppp/api/v1/refundTransaction.do: Refund a settled transaction. */
export function registerRefundTransaction(app: FastifyInstance): void {
  registerTransactionOperation(app, 'refundTransaction', 'Refund a settled transaction');
}
