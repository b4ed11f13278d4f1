import type { FastifyInstance } from 'fastify';
import { deleteWithdrawalOrder } from '../../domain/withdrawals/order.service.js';
import { WdOrderRequest, WithdrawalOrderResponse } from '../../schemas/session/withdrawal-orders.schema.js';
import { orderFields, withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/deleteWithdrawalOrder.do` (docs/withdrawals.md). */
export function registerDeleteWithdrawalOrder(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'deleteWithdrawalOrder',
    summary: 'Delete a withdrawal order',
    description:
      'Deletes an Approved order; its amount is free for another order. A settled or deleted order is refused (1058).',
    body: WdOrderRequest,
    response: WithdrawalOrderResponse,
    handle: async (ctx, b) => orderFields(await deleteWithdrawalOrder(deps(), ctx, String(b.wdOrderId))),
  });
  app.post(r.url, r.options, r.handler);
}
