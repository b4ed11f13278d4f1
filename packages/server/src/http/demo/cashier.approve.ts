import type { FastifyInstance } from 'fastify';
import { backOfficeStep, type CashierContext, jsonOnly, WdRequestBody } from './cashier-back-office.js';

/**
 * `POST /demo/cashier/approve {wdRequestId}`: the shop approves the whole request (approveRequest.do),
 * which places an Approved order and pays nothing yet.
 */
export function cashierApproveRoute(app: FastifyInstance, ctx: CashierContext): void {
  app.post<{ Body: { wdRequestId: number } }>(
    '/demo/cashier/approve',
    { schema: { hide: true, body: WdRequestBody }, preValidation: jsonOnly },
    backOfficeStep<{ wdRequestId: number }>(app, ctx, 'approveRequest', (b) => ({
      wdRequestId: b.wdRequestId,
      operatorName: 'demo-operator',
    })),
  );
}
