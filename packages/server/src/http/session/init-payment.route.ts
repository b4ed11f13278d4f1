import type { FastifyInstance } from 'fastify';
import { registerNotAvailable } from './not-available.js';

/** POST /ppp/api/v1/initPayment.do: Start a 3-D Secure payment (InitAuth3D). Its behaviour comes with the payments issue. */
export function registerInitPayment(app: FastifyInstance): void {
  registerNotAvailable(app, 'initPayment', 'Start a 3-D Secure payment (InitAuth3D)');
}
