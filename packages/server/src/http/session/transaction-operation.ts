import type { Static } from 'typebox';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Invalid, Missing } from '../../domain/errors.js';
import type { Minor } from '../../lib/money.js';
import { followUp, type Origin } from '../../domain/payments/payment.service.js';
import { sessionTransactionFields } from '../../render/session-transaction.render.js';
import type { FollowUpType } from '../../domain/payments/transaction.types.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { replayClaim, replayed, replayPrecheck } from './replay.js';
import { str } from '../fields.js';
import { refundWithoutRelated } from './unreferenced-refund.js';

/** The members settle, refund and void share (settle adds its descriptor); others are kept, unread. */
export type FollowUpBody = Static<typeof ServerCallRequests.refundTransaction> & { readonly [member: string]: unknown };

type Method = 'settleTransaction' | 'refundTransaction' | 'voidTransaction';

const TYPE_OF: Record<Method, FollowUpType> = {
  settleTransaction: 'Settle',
  refundTransaction: 'Refund',
  voidTransaction: 'Void',
};

const DESCRIPTIONS: Record<Method, string> = {
  settleTransaction: 'Settles relatedTransactionId (an approved Auth or PreAuth), in part or in full.',
  refundTransaction:
    "Refunds relatedTransactionId (an approved Sale or Settle), in part or in full. Without relatedTransactionId, credits `paymentOption.card` or `paymentOption.userPaymentOptionId` (a stored payment option of userTokenId) as a transaction of type Credit, at most the site's limit for one refund without a related transaction (docs/decisions/0371).",
  voidTransaction:
    'Voids relatedTransactionId. Without amount and currency the whole transaction is voided; with them they must be its amount and currency (docs/decisions/0370).',
};

/** The amount and currency sent, or none (a void of the whole transaction); an amount needs its currency. */
function moneyOf(body: FollowUpBody, method: Method): { amount?: Minor; currency?: string } {
  if (method === 'voidTransaction' && body.amount === undefined && body.currency === undefined) return {};
  if (body.currency === undefined) throw new Missing('currency', 'currency');
  const currency = checkCurrency(body.currency, 'currency');
  if (body.amount === undefined) {
    // a void with its currency but no amount: the whole transaction, in that currency
    if (method === 'voidTransaction') return { currency };
    throw new Missing('amount', 'amount');
  }
  return { amount: toMinor(body.amount, currency, 'amount', 'amount'), currency };
}

/**
 * settleTransaction, refundTransaction, voidTransaction (docs/session-methods.md, ADR 0301): act on the transaction
 * `relatedTransactionId` of the caller's site. Unknown: status ERROR, `Invalid relatedTransactionId`;
 * a move the state machine refuses: errCode 1058 with the state named. A refund without
 * relatedTransactionId credits a card or a UPO (`unreferenced-refund.ts`). Each method registers
 * it in its own file: `transactions.settle.ts`, `transactions.refund.ts`, `transactions.void.ts`.
 */
export function transactionOperationRoute(
  app: FastifyInstance,
  method: Method,
  summary: string,
): {
  url: string;
  options: RouteShorthandOptions;
  handler: (request: FastifyRequest<{ Body: FollowUpBody }>) => Promise<unknown>;
} {
  return {
    url: `${SESSION_API}/${method}.do`,
    options: {
      preValidation: checksumAuth(app, method),
      preHandler: replayPrecheck(app, method),
      schema: {
        summary,
        description: `${summary}. ${DESCRIPTIONS[method]} The answer carries transactionStatus (APPROVED, DECLINED, ERROR), transactionId, the echoed clientUniqueId and the gateway codes. Checksum: ${CHECKSUM_FIELDS[method].join(', ')} (those the request carries), then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests[method],
        response: { 200: SessionTransactionResponse },
      },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const related = str(body.relatedTransactionId);
      if (related === undefined && method === 'refundTransaction' && body.paymentOption !== undefined) {
        return refundWithoutRelated(app, request, body);
      }
      if (related === undefined) throw new Missing('relatedTransactionId');
      if (body.paymentOption !== undefined) {
        throw new Invalid(
          'paymentOption',
          "must not be sent with relatedTransactionId: a refund goes back to the related transaction's card or account",
          'payment_option',
        );
      }
      const { amount, currency } = moneyOf(body, method);
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
          ...(amount !== undefined ? { amount } : {}),
          ...(currency !== undefined ? { currency } : {}),
          mayReach: async (_repos, tx) => tx.merchantId === ctx.merchantId && tx.siteId === ctx.siteId,
        },
        { idempotency },
      );
      if (run.replay) return replayed(run.replay);
      return success(request, sessionTransactionFields(run.tx));
    },
  };
}
