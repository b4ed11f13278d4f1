import type { FastifyInstance } from 'fastify';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { baseUrlOf } from '../three-d.view.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API } from './envelope.js';
import { customDataOf, sessionPaymentFields } from './payment.render.js';
import { type PaymentBody, sessionPaymentOf } from './payment.translate.js';
import { replayPrecheck } from './replay.js';
import { paySession } from './session-pay.handler.js';

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
    async (request) =>
      paySession(app, request, {
        body: request.body,
        translate: (s, o) =>
          sessionPaymentOf(app.services.deps, contextOf(request), request.body, s, o, baseUrlOf(request)),
        replay: 'payment',
        render: (paid, { session, order, userTokenId, options }) =>
          sessionPaymentFields(paid, session.token, order, userTokenId, { ...options, ...customDataOf(request.body) }),
      }),
  );
}
