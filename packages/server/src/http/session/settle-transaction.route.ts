import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/settleTransaction.do: Settle an authorised transaction. Its behaviour comes with the payments issue. */
export function registerSettleTransaction(app: FastifyInstance): void {
  registerNotAvailable(app, 'settleTransaction', 'Settle an authorised transaction');
}
