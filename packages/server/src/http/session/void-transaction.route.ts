import type { FastifyInstance } from 'fastify';
import { registerTransactionOperation } from './transaction.route.js';

/** POST /ppp/api/v1/voidTransaction.do: Void a transaction. */
export function registerVoidTransaction(app: FastifyInstance): void {
  registerTransactionOperation(app, 'voidTransaction', 'Void a transaction');
}
