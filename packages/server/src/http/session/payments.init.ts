import type { FastifyInstance } from 'fastify';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { baseUrlOf } from '../three-d.view.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API } from './envelope.js';
import { paySession } from './session-pay.handler.js';
import { type InitPaymentBody, sessionInitPaymentOf } from './payment.translate.js';

/**
 * POST /ppp/api/v1/initPayment.do: starts a 3-D Secure 2 payment (InitAuth3D, docs/decisions/0310).
 * Answers APPROVED with `paymentOption.card.threeD {methodUrl, methodPayload, version, v2supported,
 * serverTransId}`; the merchant then calls payment.do with `relatedTransactionId` of this transaction.
 */
export function registerInitPayment(app: FastifyInstance): void {
  app.post<{ Body: InitPaymentBody }>(
    `${SESSION_API}/initPayment.do`,
    {
      preValidation: checksumAuth(app, 'initPayment'),
      schema: {
        summary: 'Start a 3-D Secure payment (InitAuth3D)',
        description: `Records an InitAuth3D transaction for \`paymentOption.card\`, or the card UPO \`paymentOption.userPaymentOptionId\` of the userTokenId (optional \`card.CVV\`; another user's or site's is errCode 1011; docs/decisions/0149) (amount and currency must be the order's) and answers the 3-D Secure method URL data in \`paymentOption.card.threeD\`. Then call payment.do with \`relatedTransactionId\` of this transaction and \`paymentOption.card.threeD {methodCompletionInd, notificationURL, platformType, browserDetails}\`. Checksum: ${CHECKSUM_FIELDS.initPayment.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests.initPayment,
        response: { 200: SessionTransactionResponse },
      },
    },
    async (request) =>
      paySession(app, request, {
        body: request.body,
        translate: (s, o) => sessionInitPaymentOf(contextOf(request), request.body, s, o, baseUrlOf(request)),
      }),
  );
}
