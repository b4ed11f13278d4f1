import type { FastifyInstance } from 'fastify';
import { backOfficeStep, type CashierContext, jsonOnly, WdRequestBody } from './cashier-back-office.js';

/** `POST /demo/cashier/requests {wdRequestId}`: the shop's server finds the request (getRequests.do). */
export function cashierFindRoute(app: FastifyInstance, ctx: CashierContext): void {
  app.post<{ Body: { wdRequestId: number } }>(
    '/demo/cashier/requests',
    { schema: { hide: true, body: WdRequestBody }, preValidation: jsonOnly },
    backOfficeStep<{ wdRequestId: number }>(app, ctx, 'getRequests', (b) => ({ wdRequestId: b.wdRequestId })),
  );
}
