import type { FastifyInstance } from 'fastify';
import { gatewayCodes, SESSION_STATUS } from '../../render/session-transaction.render.js';
import { settleWithdrawalOrder } from '../../domain/withdrawals/order.settle.js';
import { withdrawalFields } from '../shared/withdrawal.render.js';
import { WdOrderRequest, WithdrawalOrderResponse } from '../../schemas/session/withdrawal-orders.schema.js';
import { clientRequestIdOf, orderFields, withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/settleWithdrawalOrder.do` (docs/withdrawals.md). */
export function registerSettleWithdrawalOrder(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'settleWithdrawalOrder',
    summary: 'Settle a withdrawal order',
    description:
      'Pays an Approved order out to its UPO through the acquirer (settlementType 1: refunds a deposit made with it instead, docs/decisions/0136): Settled, or Error when the payout or refund is declined or fails. When the settled orders cover the request, the request is Approved. The answer carries the payout or refund transactionId and transactionStatus.',
    body: WdOrderRequest,
    response: WithdrawalOrderResponse,
    handle: async (ctx, b) => {
      const { order, payout } = await settleWithdrawalOrder(deps(), ctx, {
        wdOrderId: String(b.wdOrderId),
        ...clientRequestIdOf(b),
      });
      const w = (await deps().storage.read.withdrawals.find(order.wdRequestId))!;
      return {
        ...withdrawalFields(w),
        ...orderFields(order),
        transactionId: payout.id,
        transactionStatus: SESSION_STATUS[payout.status],
        ...gatewayCodes(payout),
      };
    },
  });
  app.post(r.url, r.options, r.handler);
}
