import type { FastifyInstance } from 'fastify';
import { listWithdrawalOrders } from '../../domain/withdrawals/order.service.js';
import { GetOrdersRequest, WithdrawalOrdersListResponse } from '../../schemas/session/withdrawal-orders.schema.js';
import { str } from '../fields.js';
import { withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/getOrderIds.do` (docs/withdrawals.md). */
export function registerGetOrderIds(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'getOrderIds',
    summary: 'List withdrawal order ids',
    description: 'The wdOrderIds getOrders would list, newest first.',
    body: GetOrdersRequest,
    response: WithdrawalOrdersListResponse,
    handle: async (ctx, b) => {
      const orders = await listWithdrawalOrders(deps(), ctx, str(b.merchantUniqueId));
      return { totalCount: String(orders.length), wdOrderIds: orders.map((o) => Number(o.id)) };
    },
  });
  app.post(r.url, r.options, r.handler);
}
