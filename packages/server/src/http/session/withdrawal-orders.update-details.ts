import type { FastifyInstance } from 'fastify';
import { updateOrdersDetails } from '../../domain/withdrawals/order.service.js';
import { UpdateOrdersDetailsRequest } from '../../schemas/session/withdrawal-orders.schema.js';
import { SessionEnvelope } from '../../schemas/session/envelope.schema.js';
import { withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/updateOrdersDetails.do` (docs/withdrawals.md). */
export function registerUpdateOrdersDetails(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'updateOrdersDetails',
    summary: 'Update withdrawal orders',
    description:
      'Sets details.executionTime (YYYYMMDDHHmm) of Approved orders: all of them, or none when one is refused.',
    body: UpdateOrdersDetailsRequest,
    response: SessionEnvelope,
    handle: async (ctx, b) => {
      const details = b.details as { executionTime?: string };
      await updateOrdersDetails(deps(), ctx, {
        wdOrderIds: (b.wdOrderIds as Array<string | number>).map(String),
        ...(details.executionTime !== undefined ? { executionTime: details.executionTime } : {}),
      });
      return {};
    },
  });
  app.post(r.url, r.options, r.handler);
}
