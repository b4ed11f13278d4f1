import type { FastifyInstance } from 'fastify';
import { payOrder } from '../../domain/payments/pay-order.js';
import { findCallerSession, requireSessionOrder } from '../../domain/sessions/session.service.js';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { baseUrlOf } from '../three-d.view.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { sessionPaymentFields } from './payment.render.js';
import { type PaymentBody, sessionPaymentOf } from './payment.translate.js';

/**
 * POST /ppp/api/v1/payment.do: pays the order of a live session with a card. A decline is
 * `status: SUCCESS` with `transactionStatus: DECLINED` and counts toward `sessionCardDeclineLimit`.
 */
export function registerPayment(app: FastifyInstance): void {
  app.post<{ Body: PaymentBody }>(
    `${SESSION_API}/payment.do`,
    {
      preValidation: checksumAuth(app, 'payment'),
      schema: {
        summary: 'Pay the order of a session',
        description: `Pays the session's order with \`paymentOption.card\` (amount and currency must be the order's). Answers transactionStatus APPROVED, DECLINED or ERROR with transactionId, authCode, the gateway codes and the masked card. Checksum: ${CHECKSUM_FIELDS.payment.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests.payment,
        response: { 200: SessionTransactionResponse },
      },
    },
    async (request) => {
      const { deps } = app.services;
      const ctx = contextOf(request);
      const session = await findCallerSession(deps, request.body.sessionToken, ctx);
      const order = await requireSessionOrder(deps, session);
      const { payer, instrument, options } = sessionPaymentOf(deps, ctx, request.body, session, order, baseUrlOf(request));
      const paid = await payOrder(deps, payer, instrument, options);
      return success(request, sessionPaymentFields(paid, session.token, order, payer.origin.userTokenId));
    },
  );
}
