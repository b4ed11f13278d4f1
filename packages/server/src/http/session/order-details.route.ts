import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../domain/errors.js';
import { findCallerSession, requireSessionOrder } from '../../domain/sessions/session.service.js';
import { formatDecimal } from '../../lib/money.js';
import { GetOrderDetailsRequest, GetOrderDetailsResponse } from '../../schemas/session/order-details.schema.js';
import { registerCatalogueMethod } from './catalogue.js';

/** getOrderDetails: the order of a live session of the caller's site (docs/decisions/0150). */
export function registerGetOrderDetails(app: FastifyInstance): void {
  registerCatalogueMethod(app, {
    name: 'getOrderDetails',
    summary: 'Get the order of a session',
    description:
      "The order of the caller's live session `sessionToken`: orderId, clientUniqueId, amount, currency, transactionType, userTokenId and merchantDetails as last set by openOrder or updateOrder. An unknown, expired or foreign session is 1069; a session without an order, or an `orderId` that is not the session's, 1057.",
    body: GetOrderDetailsRequest,
    response: GetOrderDetailsResponse,
    async handle(ctx, body) {
      const deps = app.services.deps;
      const session = await findCallerSession(deps, body.sessionToken, ctx);
      const order = await requireSessionOrder(deps, session);
      if (body.orderId !== undefined && String(body.orderId) !== String(order.id)) {
        throw new NotFound('order', 'Invalid order ID: not the order of this session');
      }
      const d = order.details;
      return {
        sessionToken: session.token,
        orderId: String(order.id),
        clientUniqueId: typeof d.clientUniqueId === 'string' ? d.clientUniqueId : order.clientUniqueId,
        ...(order.pricing
          ? { amount: formatDecimal(order.pricing.amount, order.pricing.currency), currency: order.pricing.currency }
          : {}),
        ...(order.transactionType ? { transactionType: order.transactionType } : {}),
        ...(session.userTokenId !== null ? { userTokenId: session.userTokenId } : {}),
        ...(d.merchantDetails ? { merchantDetails: d.merchantDetails } : {}),
      };
    },
  });
}
