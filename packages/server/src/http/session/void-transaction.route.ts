import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/voidTransaction.do: Void a transaction. Its behaviour comes with the payments issue. */
export function registerVoidTransaction(app: FastifyInstance): void {
  registerNotAvailable(app, 'voidTransaction', 'Void a transaction');
}
