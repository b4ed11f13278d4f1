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
import { replayClaim, replayed, replayPrecheck } from './replay.js';

/**
 * POST /ppp/api/v1/payment.do: pays the order of a live session with a card. A decline is
 * `status: SUCCESS` with `transactionStatus: DECLINED` and counts toward `sessionCardDeclineLimit`.
 * A signed body already accepted answers its first answer and moves no money (docs/decisions/0805).
 */
export function registerPayment(app: FastifyInstance): void {
  app.post<{ Body: PaymentBody }>(
    `${SESSION_API}/payment.do`,
    {
      preValidation: checksumAuth(app, 'payment'),
      preHandler: replayPrecheck(app, 'payment'),
      schema: {
        summary: 'Pay the order of a session',
        description: `Pays the session's order with \`paymentOption.card\` (amount and currency must be the order's). Answers transactionStatus APPROVED, DECLINED or ERROR with transactionId, authCode, the gateway codes and the masked card. A signed body already accepted answers its first answer again and moves no money. Checksum: ${CHECKSUM_FIELDS.payment.join(', ')}, then the merchant secret key.`,
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
      const userTokenId = payer.origin.userTokenId;
      const head = { sessionToken: session.token, orderId: String(order.id), ...(userTokenId ? { userTokenId } : {}) };
      // a 3-D Secure step is not stored as an answer: a second use is refused by its state (0805)
      const idempotency = options.threeD
        ? undefined
        : replayClaim(app, request, 'payment', head, (tx, upoId) =>
            sessionPaymentFields({ kind: 'done', tx, ...(upoId !== undefined ? { upoId } : {}) }, session.token, order, userTokenId),
          );
      const paid = await payOrder(deps, payer, instrument, { ...options, ...(idempotency ? { idempotency } : {}) });
      if (paid.kind === 'replay') return replayed(paid.replay);
      return success(request, sessionPaymentFields(paid, session.token, order, userTokenId));
    },
  );
}
