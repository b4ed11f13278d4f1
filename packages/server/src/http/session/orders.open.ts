import type { FastifyInstance } from 'fastify';
import { openOrder } from '../../domain/sessions/session.service.js';
import type { SessionOrder } from '../../domain/sessions/session.types.js';
import { formatDecimal } from '../../lib/money.js';
import { OpenOrderRequest, OpenOrderResponse } from '../../schemas/session/open-order.schema.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { toOpenOrderCommand } from './order.translate.js';

const ALLOWS_PARTIAL = new Set<unknown>(['1', 1, true]);

function partialApprovalOf(body: OpenOrderRequest, order: SessionOrder) {
  if (!ALLOWS_PARTIAL.has(body.isPartialApproval) || !order.pricing) return {};
  const { amount, currency } = order.pricing;
  return { partialApproval: { requestedAmount: formatDecimal(amount, currency), requestedCurrency: currency } };
}

/** POST /ppp/api/v1/openOrder.do (docs/session-methods.md): open an order and get its sessionToken. */
export function registerOpenOrder(app: FastifyInstance): void {
  app.post<{ Body: OpenOrderRequest }>(
    `${SESSION_API}/openOrder.do`,
    {
      preValidation: checksumAuth(app, 'openOrder'),
      schema: {
        summary: 'Open an order',
        description:
          'Opens an order and returns the `sessionToken` of its session (a token from getSessionToken may be passed to bind the order to it). Checksum: merchantId, merchantSiteId, clientRequestId, amount, currency, timeStamp, then the merchant secret key. Always HTTP 200 with the SUCCESS/ERROR envelope.',
        tags: ['session'],
        body: OpenOrderRequest,
        response: { 200: OpenOrderResponse },
      },
    },
    async (request) => {
      const { session, order } = await openOrder(
        app.services.deps,
        contextOf(request),
        toOpenOrderCommand(request.body),
      );
      return success(request, {
        sessionToken: session.token,
        orderId: String(order.id),
        ...(session.userTokenId !== null ? { userTokenId: session.userTokenId } : {}),
        ...partialApprovalOf(request.body, order),
      });
    },
  );
}
