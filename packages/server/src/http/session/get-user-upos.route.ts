import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/getUserUPOs.do: List the stored payment options of a user. Its behaviour comes with the payments issue. */
export function registerGetUserUpos(app: FastifyInstance): void {
  registerNotAvailable(app, 'getUserUPOs', 'List the stored payment options of a user');
}
