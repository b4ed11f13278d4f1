import type { FastifyInstance } from 'fastify';
import { formatDecimal } from '../../lib/money.js';
import { wireOrderStatusOf } from '../../domain/withdrawals/order.machine.js';
import { listWithdrawalOrders } from '../../domain/withdrawals/order.service.js';
import { wdDate } from '../shared/withdrawal.render.js';
import { GetOrdersRequest, WithdrawalOrdersListResponse } from '../../schemas/session/withdrawal-orders.schema.js';
import { str } from '../fields.js';
import { type Body, type Ctx, withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/getOrders.do` (docs/withdrawals.md). */
export function registerGetOrders(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const entries = async (ctx: Ctx, b: Body) => {
    const orders = await listWithdrawalOrders(deps(), ctx, str(b.merchantUniqueId));
    const reqs = new Map<string, { merchantWDRequestId: string | null; merchantUniqueId: string | null }>();
    for (const o of orders)
      if (!reqs.has(o.wdRequestId))
        reqs.set(o.wdRequestId, (await deps().storage.read.withdrawals.find(o.wdRequestId))!);
    return orders.map((o) => {
      const w = reqs.get(o.wdRequestId)!;
      return {
        wdOrderId: Number(o.id),
        wdOrderStatus: wireOrderStatusOf(o.status),
        wdRequestId: Number(o.wdRequestId),
        ...(w.merchantWDRequestId !== null ? { merchantWDRequestId: w.merchantWDRequestId } : {}),
        ...(w.merchantUniqueId !== null ? { merchantUniqueId: w.merchantUniqueId } : {}),
        userTokenId: o.userTokenId,
        userPMId: o.upoId,
        amount: formatDecimal(o.amount, o.currency),
        currency: o.currency,
        settlementType: o.settlementType,
        ...(o.executionTime !== null ? { executionTime: o.executionTime } : {}),
        ...(o.payoutTransactionId !== null ? { transactionId: o.payoutTransactionId } : {}),
        ...(o.comment !== null ? { reason: o.comment } : {}),
        creationDate: wdDate(o.createdAt),
        lastModifiedDate: wdDate(o.updatedAt),
      };
    });
  };
  const r = withdrawalOrderRoute(app, {
    method: 'getOrders',
    summary: 'List withdrawal orders',
    description:
      "The site's orders, newest first; only those of the requests with merchantUniqueId when it is not empty.",
    body: GetOrdersRequest,
    response: WithdrawalOrdersListResponse,
    handle: async (ctx, b) => {
      const list = await entries(ctx, b);
      return { totalCount: String(list.length), withdrawalOrders: list };
    },
  });
  app.post(r.url, r.options, r.handler);
}
