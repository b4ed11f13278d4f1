import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/getCardDetails.do: Look up card details by number. Its behaviour comes with the payments issue. */
export function registerGetCardDetails(app: FastifyInstance): void {
  registerNotAvailable(app, 'getCardDetails', 'Look up card details by number');
}
