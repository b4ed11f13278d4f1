import type { FastifyInstance } from 'fastify';
import { updateOrderAmount } from '../../domain/orders/order.service.js';
import { OrderLookupQuery, PatchOrderRequest } from '../../schemas/rest/order.schema.js';
import { ErrorResponse, OrderResponse } from '../../schemas/rest/result.schema.js';
import { merchantOf, restAuth } from './auth.js';
import { orderRefOf } from './order-ref.js';
import { toMinor } from './order.translate.js';

/** PATCH /orders (docs/rest-orders.md): change the amount of an order created with `openAmount`. API key only. */
export function registerUpdateOrder(app: FastifyInstance): void {
  app.patch<{ Body: PatchOrderRequest; Querystring: OrderLookupQuery }>(
    '/orders',
    {
      onRequest: restAuth(app, { bearer: false }),
      schema: {
        summary: 'Update an order amount',
        description:
          'Changes the amount of an order created with `openAmount`, within its `min` and `max`. The order is named by the `sessionId` (or a unique `merchantTransactionId`) query parameter. API key only.',
        tags: ['orders'],
        security: [{ apiKey: [] }],
        querystring: OrderLookupQuery,
        body: PatchOrderRequest,
        response: { 200: OrderResponse, '4xx': ErrorResponse, 500: ErrorResponse },
      },
    },
    async (request) => {
      const { services } = app;
      const ctx = merchantOf(request);
      await updateOrderAmount(services.deps, ctx, orderRefOf(request.query), (currency) =>
        toMinor(request.body.amount, currency, 'amount', 'amount'),
      );
      return { result: { status: 'success' as const } };
    },
  );
}
