import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/deleteUPO.do: Delete a stored payment option. Its behaviour comes with the payments issue. */
export function registerDeleteUpo(app: FastifyInstance): void {
  registerNotAvailable(app, 'deleteUPO', 'Delete a stored payment option');
}
