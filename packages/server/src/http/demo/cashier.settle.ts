import type { FastifyInstance } from 'fastify';
import { backOfficeStep, type CashierContext, jsonOnly, WdOrderBody } from './cashier-back-office.js';

/** `POST /demo/cashier/settle {wdOrderId}`: the shop settles the order (settleWithdrawalOrder.do): the payout. */
export function cashierSettleRoute(app: FastifyInstance, ctx: CashierContext): void {
  app.post<{ Body: { wdOrderId: number } }>(
    '/demo/cashier/settle',
    { schema: { hide: true, body: WdOrderBody }, preValidation: jsonOnly },
    backOfficeStep<{ wdOrderId: number }>(app, ctx, 'settleWithdrawalOrder', (b) => ({ wdOrderId: b.wdOrderId })),
  );
}
