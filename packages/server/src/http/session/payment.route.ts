import type { FastifyInstance } from 'fastify';
import { ThreeDStepRefused } from '../../domain/payments/merchant-initiated.js';
import { payOrder } from '../../domain/payments/pay-order.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import type { Session, SessionOrder } from '../../domain/sessions/session.types.js';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { baseUrlOf } from '../three-d.view.js';
import { checksumAuth, contextOf } from './auth.js';
import { orderToPay } from './implicit-order.js';
import { SESSION_API, success } from './envelope.js';
import { customDataOf, sessionPaymentFields, sessionStepRefusedFields } from './payment.render.js';
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
        description: `Pays the session's order (a session from getSessionToken without one: the order the payment's own fields open) with \`paymentOption.card\` (amount and currency must be the order's). Answers transactionStatus APPROVED, DECLINED or ERROR with transactionId, authCode, the gateway codes and the masked card. With \`relatedTransactionId\` it continues a 3-D Secure step (one that is not an approved InitAuth3D or challenge of the caller answers transactionStatus ERROR, gwErrorCode -1100, gwExtendedErrorCode 1271), or, with authenticationOnlyType RECURRING/INSTALLMENTS, isRebilling or \`card.storedCredentials.storedCredentialsMode\` "1", repeats that first payment without CVV or 3-D Secure; \`card.threeD.externalMpi {eci, cavv, dsTransID}\` passes an external MPI's result. An approved card paid with a userTokenId is stored as its UPO whatever savePM says; \`paymentOption.userPaymentOptionId\` answers the UPO paid with or stored, empty when none (docs/decisions/0148, 0151). With \`isPartialApproval\` the answer always carries \`partialApproval\`. \`card.externalToken\` pays a wallet's network token (0153); \`cvvNotUsed\` is at most 5 characters. A signed body already accepted answers its first answer again and moves no money. Checksum: ${CHECKSUM_FIELDS.payment.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests.payment,
        response: { 200: SessionTransactionResponse },
      },
    },
    async (request) => {
      const { deps } = app.services;
      const ctx = contextOf(request);
      const caller = await findCallerSession(deps, request.body.sessionToken, ctx);
      const translate = (s: Session, o: SessionOrder) => sessionPaymentOf(deps, ctx, request.body, s, o, baseUrlOf(request));
      const { session, order } = await orderToPay(deps, ctx, caller, request.body, translate);
      const { payer, instrument, options } = translate(session, order);
      const userTokenId = payer.origin.userTokenId;
      const head = { sessionToken: session.token, orderId: String(order.id), ...(userTokenId ? { userTokenId } : {}) };
      // a 3-D Secure step is not stored as an answer: a second use is refused by its state (0805)
      const idempotency = options.threeD
        ? undefined
        : replayClaim(app, request, 'payment', head, (tx, upoId) =>
            sessionPaymentFields({ kind: 'done', tx, ...(upoId !== undefined ? { upoId } : {}) }, session.token, order, userTokenId, { ...options, ...customDataOf(request.body) }),
          );
      let paid;
      try {
        paid = await payOrder(deps, payer, instrument, { ...options, ...(idempotency ? { idempotency } : {}) });
      } catch (err) {
        // a 3-D Secure continuation of no approved step of the caller: SUCCESS, transactionStatus ERROR, 1271
        if (err instanceof ThreeDStepRefused) return success(request, sessionStepRefusedFields(session.token, order, userTokenId));
        throw err;
      }
      if (paid.kind === 'replay') return replayed(paid.replay);
      return success(request, sessionPaymentFields(paid, session.token, order, userTokenId, { ...options, ...customDataOf(request.body) }));
    },
  );
}
