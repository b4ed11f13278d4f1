import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { wireOrderStatusOf } from '../../domain/withdrawals/order.machine.js';
import { settleWithdrawalOrder } from '../../domain/withdrawals/order.settle.js';
import {
  SettleOrdersInBatchRequest,
  SettleOrdersInBatchResponse,
} from '../../schemas/session/withdrawal-orders.schema.js';
import { domainToWire } from './errors.js';
import { withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/settleOrdersInBatch.do` (docs/withdrawals.md). */
export function registerSettleOrdersInBatch(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'settleOrdersInBatch',
    summary: 'Settle withdrawal orders in a batch',
    description:
      'Settles each order in turn; each gets operationStatus SUCCESS (settled) or ERROR with its errCode and reason. The call itself succeeds.',
    body: SettleOrdersInBatchRequest,
    response: SettleOrdersInBatchResponse,
    handle: async (ctx, b) => {
      const orders = [];
      for (const id of b.wdOrderIds as Array<string | number>) {
        try {
          const { order, payout } = await settleWithdrawalOrder(deps(), ctx, { wdOrderId: String(id) });
          orders.push({
            wdOrderId: Number(id),
            operationStatus: order.status === 'Settled' ? 'SUCCESS' : 'ERROR',
            wdOrderStatus: wireOrderStatusOf(order.status),
            transactionId: payout.id,
            ...(order.status !== 'Settled' ? { errCode: 1058, reason: order.comment ?? 'Payout failed' } : {}),
          });
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          const wire = domainToWire(err);
          orders.push({ wdOrderId: Number(id), operationStatus: 'ERROR', errCode: wire.errCode, reason: wire.reason });
        }
      }
      return { orders };
    },
  });
  app.post(r.url, r.options, r.handler);
}
