import type { FastifyInstance } from 'fastify';
import { updateOrder } from '../../domain/sessions/session.service.js';
import { UpdateOrderRequest, UpdateOrderResponse } from '../../schemas/session/update-order.schema.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { toUpdateOrderCommand } from './order.translate.js';

/** POST /ppp/api/v1/updateOrder.do (docs/session-methods.md): change an open order during checkout. */
export function registerUpdateOrder(app: FastifyInstance): void {
  app.post<{ Body: UpdateOrderRequest }>(
    `${SESSION_API}/updateOrder.do`,
    {
      preValidation: checksumAuth(app, 'updateOrder'),
      schema: {
        summary: 'Update an order',
        description:
          "Changes the amount and order data of the session's order. billingAddress, userDetails and shippingAddress replace the kept class whole, unless the order was opened with preventOverride 1. Checksum: merchantId, merchantSiteId, clientRequestId, amount, currency, timeStamp, then the merchant secret key.",
        tags: ['session'],
        body: UpdateOrderRequest,
        response: { 200: UpdateOrderResponse },
      },
    },
    async (request) => {
      const { session, order } = await updateOrder(
        app.services.deps,
        contextOf(request),
        toUpdateOrderCommand(request.body),
      );
      return success(request, {
        sessionToken: session.token,
        orderId: String(order.id),
        ...(session.userTokenId !== null ? { userTokenId: session.userTokenId } : {}),
      });
    },
  );
}
