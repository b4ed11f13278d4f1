import type { FastifyInstance } from 'fastify';
import { registerTransactionOperation } from './transaction.route.js';

/** POST /ppp/api/v1/settleTransaction.do: Settle an authorised transaction. */
export function registerSettleTransaction(app: FastifyInstance): void {
  registerTransactionOperation(app, 'settleTransaction', 'Settle an authorised transaction');
}
