import type { Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { Missing } from '../../domain/errors.js';
import { followUp, type Origin } from '../../domain/payments/payment.service.js';
import { sessionTransactionFields } from '../shared/session-transaction.render.js';
import type { FollowUpType } from '../../domain/payments/transaction.types.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { replayClaim, replayed, replayPrecheck } from './replay.js';
import { str } from '../fields.js';

/** The members settle, refund and void share (settle adds its descriptor); others are kept, unread. */
type FollowUpBody = Static<typeof ServerCallRequests.refundTransaction> & { readonly [member: string]: unknown };

type Method = 'settleTransaction' | 'refundTransaction' | 'voidTransaction';

const TYPE_OF: Record<Method, FollowUpType> = {
  settleTransaction: 'Settle',
  refundTransaction: 'Refund',
  voidTransaction: 'Void',
};

/**
 * settleTransaction, refundTransaction, voidTransaction (DECISIONS.md 5, 6): act on the transaction
 * `relatedTransactionId` of the caller's site. Unknown: status ERROR, `Invalid relatedTransactionId`;
 * a move the state machine refuses: errCode 1058 with the state named.
 */
export function registerTransactionOperation(app: FastifyInstance, method: Method, summary: string): void {
  app.post<{ Body: FollowUpBody }>(
    `${SESSION_API}/${method}.do`,
    {
      preValidation: checksumAuth(app, method),
      preHandler: replayPrecheck(app, method),
      schema: {
        summary,
        description: `${summary}. The answer carries transactionStatus (APPROVED, DECLINED, ERROR), transactionId and the gateway codes. Checksum: ${CHECKSUM_FIELDS[method].join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests[method],
        response: { 200: SessionTransactionResponse },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const related = str(body.relatedTransactionId);
      if (related === undefined) throw new Missing('relatedTransactionId');
      const currency = checkCurrency(body.currency, 'currency');
      const amount = toMinor(body.amount, currency, 'amount', 'amount');
      const urlDetails = body.urlDetails;
      const origin: Origin = {
        via: 'session',
        merchantId: ctx.merchantId,
        siteId: ctx.siteId,
        entityId: null,
        orderId: null,
        sessionId: null,
        clientUniqueId: body.clientUniqueId ?? null,
        clientRequestId: body.clientRequestId ?? null,
        notificationUrl: urlDetails?.notificationUrl ?? null,
      };
      // a body already accepted answers its first answer and moves no money (docs/decisions/0805)
      const idempotency = replayClaim(app, request, method, {}, sessionTransactionFields);
      const run = await followUp(
        app.services.deps,
        {
          origin,
          type: TYPE_OF[method],
          relatedTransactionId: related,
          amount,
          currency,
          mayReach: async (_repos, tx) => tx.merchantId === ctx.merchantId && tx.siteId === ctx.siteId,
        },
        { idempotency },
      );
      if (run.replay) return replayed(run.replay);
      return success(request, sessionTransactionFields(run.tx));
    },
  );
}

