import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/cardTokenization.do: Tokenise a card. Its behaviour comes with the payments issue. */
export function registerCardTokenization(app: FastifyInstance): void {
  registerNotAvailable(app, 'cardTokenization', 'Tokenise a card');
}
