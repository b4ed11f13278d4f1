import type { FastifyInstance } from 'fastify';
import { Invalid } from '../../domain/errors.js';
import { guardOrderPayment, type Origin } from '../../domain/payments/payment.service.js';
import { cardOfTempToken } from '../../domain/payment-methods/tokens.service.js';
import { initAuth3D } from '../../domain/payments/three-d-secure.service.js';
import { findCallerSession, requireSessionOrder } from '../../domain/sessions/session.service.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { cardInputOf, paymentCardOf } from '../payment-card.js';
import { baseUrlOf, methodNotificationUrlOf, sessionInitFields } from '../three-d.view.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { obj, str } from '../fields.js';

/**
 * POST /ppp/api/v1/initPayment.do: starts a 3-D Secure 2 payment (InitAuth3D, docs/decisions/0310).
 * Answers APPROVED with `paymentOption.card.threeD {methodUrl, methodPayload, version, v2supported,
 * serverTransId}`; the merchant then calls payment.do with `relatedTransactionId` of this transaction.
 */
export function registerInitPayment(app: FastifyInstance): void {
  app.post(
    `${SESSION_API}/initPayment.do`,
    {
      preValidation: checksumAuth(app, 'initPayment'),
      schema: {
        summary: 'Start a 3-D Secure payment (InitAuth3D)',
        description: `Records an InitAuth3D transaction for \`paymentOption.card\` (amount and currency must be the order's) and answers the 3-D Secure method URL data in \`paymentOption.card.threeD\`. Then call payment.do with \`relatedTransactionId\` of this transaction and \`paymentOption.card.threeD {methodCompletionInd, notificationURL, platformType, browserDetails}\`. Checksum: ${CHECKSUM_FIELDS.initPayment.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests.initPayment,
        response: { 200: SessionTransactionResponse },
      },
    },
    async (request) => {
      const { deps } = app.services;
      const ctx = contextOf(request);
      const body = request.body as Record<string, unknown>;
      const token = String(body.sessionToken);
      const session = await findCallerSession(deps, token, ctx);
      const order = await requireSessionOrder(deps, session);
      const currency = checkCurrency(String(body.currency), 'currency');
      const amount = toMinor(String(body.amount), currency, 'amount', 'amount');
      // The amount authenticated need not be the order's (docs/decisions/0310); the currency must be.
      if (order.pricing && currency !== order.pricing.currency) {
        throw new Invalid('currency', `must be the order's currency ${order.pricing.currency}`, 'currency');
      }
      const option = obj(body.paymentOption);
      // a ccTempToken of this session may stand for the card; the payment after the steps uses it up (0363)
      const tokenCard = await cardOfTempToken(deps, option, { sessionToken: token, siteId: ctx.siteId });
      const card = tokenCard?.card ?? cardInputOf(paymentCardOf(option));
      const notificationUrl =
        str(obj(body.urlDetails)?.notificationUrl) ?? str(obj(order.details.urlDetails)?.notificationUrl) ?? null;
      const origin: Origin = {
        via: 'session',
        merchantId: ctx.merchantId,
        siteId: ctx.siteId,
        entityId: null,
        orderId: order.id,
        sessionId: token,
        clientUniqueId: str(body.clientUniqueId) ?? order.clientUniqueId,
        clientRequestId: str(body.clientRequestId) ?? null,
        productId: order.productId,
        userTokenId: str(body.userTokenId) ?? session.userTokenId,
        notificationUrl,
      };
      const methodNotificationURL = methodNotificationUrlOf(option?.card);
      const { tx, method } = await initAuth3D(
        deps,
        {
          origin,
          amount,
          currency,
          card,
          baseUrl: baseUrlOf(request),
          ...(methodNotificationURL ? { methodNotificationURL } : {}),
        },
        async (repos) => {
          const now = deps.clock.now();
          await repos.sessions.touch(token, now);
          await guardOrderPayment(repos, order.id, now);
        },
      );
      return success(request, {
        sessionToken: token,
        orderId: String(order.id),
        ...(origin.userTokenId ? { userTokenId: origin.userTokenId } : {}),
        ...sessionInitFields(tx, method),
      });
    },
  );
}
