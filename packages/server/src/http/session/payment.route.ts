import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/payment.do: Pay the order of a session. Its behaviour comes with the payments issue. */
export function registerPayment(app: FastifyInstance): void {
  registerNotAvailable(app, 'payment', 'Pay the order of a session');
}
