import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/payout.do: Pay out to a stored payment option. Its behaviour comes with the payments issue. */
export function registerPayout(app: FastifyInstance): void {
  registerNotAvailable(app, 'payout', 'Pay out to a stored payment option');
}
