import type { FastifyInstance } from 'fastify';
import { getOrderStatus } from '../../domain/orders/order.service.js';
import type { OrderStatusView } from '../../domain/orders/ports.js';
import { restPaymentResponse } from '../../render/rest-payment.render.js';
import { toJsonNumber } from '../../lib/money.js';
import { OrderLookupQuery } from '../../schemas/rest/order.schema.js';
import { PaymentResponse } from '../../schemas/rest/payment.schema.js';
import { ErrorResponse, type OrderStatusResponse } from '../../schemas/rest/result.schema.js';
import { merchantOf, restAuth } from './auth.js';
import { orderRefOf } from './order-ref.js';

/** The status of an order that has no payment yet: `pending`, with the order's amount. */
export function orderStatusOf(order: OrderStatusView['order']): OrderStatusResponse {
  // One literal of one shape (an absent member is undefined, which the serializer leaves out): objects
  // spread together from conditional parts serialise several times slower on this hot path.
  return {
    amount: order.amount > 0 ? toJsonNumber(order.amount, order.currency) : undefined,
    currency: order.currency,
    transactionType: order.transactionType ?? undefined,
    result: { status: 'pending' },
  };
}

/** GET /orders/status (docs/rest-orders.md). API key only. */
export function registerOrderStatus(app: FastifyInstance): void {
  app.get<{ Querystring: OrderLookupQuery }>(
    '/orders/status',
    {
      onRequest: restAuth(app, { bearer: false }),
      schema: {
        summary: 'Get order status',
        description:
          'The status of an order: the response of its last payment, or `pending` with the order amount before any payment. The order is named by the `sessionId` (or a unique `merchantTransactionId`) query parameter. API key only.',
        tags: ['orders'],
        security: [{ apiKey: [] }],
        querystring: OrderLookupQuery,
        response: { 200: PaymentResponse, '4xx': ErrorResponse, 500: ErrorResponse },
      },
    },
    async (request) => {
      const { services } = app;
      const ctx = merchantOf(request);
      // The order's last payment, once there is one (docs/rest-orders.md); before that, `pending`.
      const { order, lastPayment } = await getOrderStatus(services.deps, ctx, orderRefOf(request.query));
      return lastPayment ? restPaymentResponse(lastPayment) : orderStatusOf(order);
    },
  );
}
