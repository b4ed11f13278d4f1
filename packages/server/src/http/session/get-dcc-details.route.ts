import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/getDccDetails.do: Quote a currency conversion (DCC). Its behaviour comes with the payments issue. */
export function registerGetDccDetails(app: FastifyInstance): void {
  registerNotAvailable(app, 'getDccDetails', 'Quote a currency conversion (DCC)');
}
