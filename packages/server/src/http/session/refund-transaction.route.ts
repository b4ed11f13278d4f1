import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/refundTransaction.do: Refund a settled transaction. Its behaviour comes with the payments issue. */
export function registerRefundTransaction(app: FastifyInstance): void {
  registerNotAvailable(app, 'refundTransaction', 'Refund a settled transaction');
}
