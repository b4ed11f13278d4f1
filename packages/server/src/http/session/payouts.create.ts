import type { Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { Invalid, Missing } from '../../domain/errors.js';
import { CARD_DATA_SUBJECTS } from '../../domain/payments/card.js';
import { payout, type PayoutDestination } from '../../domain/payments/payout.service.js';
import { sessionTransactionFields } from '../../render/session-transaction.render.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { Secret } from '../../lib/secret.js';
import { PayoutRequest, PayoutResponse } from '../../schemas/session/payout.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { cardInputOf, type WireCard } from '../payment-card.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { replayClaim, replayed, replayPrecheck } from './replay.js';
import type { Repos } from '../../domain/ports.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { obj, str } from '../fields.js';

type PayoutBody = Static<typeof PayoutRequest> & { readonly [member: string]: unknown };

/** The one destination of a payout request: a UPO (either spelling) or `cardData`. */
function destinationOf(body: PayoutBody): PayoutDestination {
  const option = obj(body.userPaymentOption);
  const upoId = str(option?.userPaymentOptionId) ?? str(body.userPaymentOptionId);
  const upoField = option ? 'userPaymentOption.userPaymentOptionId' : 'userPaymentOptionId';
  const card = obj(body.cardData);
  if (option && body.userPaymentOptionId !== undefined) {
    throw new Invalid('userPaymentOptionId', 'must not be sent beside userPaymentOption', 'stored_option');
  }
  if (upoId !== undefined && card) throw new Invalid('cardData', 'must not be sent beside a userPaymentOptionId');
  if (card)
    return {
      kind: 'card',
      card: cardInputOf(card as unknown as WireCard, 'cardData', CARD_DATA_SUBJECTS),
      path: 'cardData',
    };
  if (upoId === undefined) throw new Missing('userPaymentOption.userPaymentOptionId', 'stored_option');
  const cvv = str(option?.CVV);
  return { kind: 'upo', userPaymentOptionId: upoId, field: upoField, ...(cvv ? { cvv: new Secret(cvv) } : {}) };
}

/**
 * POST /ppp/api/v1/payout.do: credits a card, a card UPO or a payout-capable APM UPO of
 * `userTokenId` (docs/decisions/0501). The outcome is `transactionStatus` APPROVED, DECLINED or
 * ERROR with the gateway codes; a DMN reports it. A UPO of another user or site is errCode 1011.
 */
export function registerPayout(app: FastifyInstance): void {
  app.post<{ Body: PayoutBody }>(
    `${SESSION_API}/payout.do`,
    {
      preValidation: checksumAuth(app, 'payout'),
      preHandler: replayPrecheck(app, 'payout'),
      schema: {
        summary: 'Pay out to a card or a stored payment option',
        description: `Credits \`userPaymentOption.userPaymentOptionId\` (a card UPO, or an APM UPO of a payout-capable method) or \`cardData\`, for userTokenId. Answers transactionStatus APPROVED, DECLINED or ERROR with transactionId, userPaymentOptionId and gwErrorCode/gwErrorReason/gwExtendedErrorCode; a payout is final (never voided). Checksum: ${CHECKSUM_FIELDS.payout.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: PayoutRequest,
        response: { 200: PayoutResponse },
      },
    },
    async (request) => {
      const { deps } = app.services;
      const fieldsOf = (tx: Transaction, upo: { id: string; paymentMethod: string } | undefined) => ({
        userTokenId,
        ...sessionTransactionFields(tx),
        paymentMethod: upo?.paymentMethod ?? 'cc_card',
        ...(upo ? { userPaymentOptionId: upo.id } : {}),
      });
      const ctx = contextOf(request);
      const body = request.body;
      const currency = checkCurrency(body.currency, 'currency');
      const amount = toMinor(body.amount, currency, 'amount', 'amount');
      const destination = destinationOf(body);
      const token = str(body.sessionToken);
      const session = token === undefined ? undefined : await findCallerSession(deps, token, ctx);
      const userTokenId = String(body.userTokenId);
      const run = await payout(
        deps,
        {
          origin: {
            via: 'session',
            merchantId: ctx.merchantId,
            siteId: ctx.siteId,
            entityId: null,
            orderId: null,
            sessionId: session?.token ?? null,
            clientUniqueId: str(body.clientUniqueId) ?? null,
            clientRequestId: str(body.clientRequestId) ?? null,
            userTokenId,
            notificationUrl: str(obj(body.urlDetails)?.notificationUrl) ?? null,
          },
          amount,
          currency,
          destination,
        },
        {
          ...(session ? { onPending: (repos: Repos) => repos.sessions.touch(session.token, deps.clock.now()) } : {}),
          // a body already accepted answers its first answer and moves no money (docs/decisions/0805)
          idempotency: (upo) =>
            replayClaim(app, request, 'payout', { userTokenId }, (tx) => fieldsOf(tx, upo), {
              claimsClientRequestId: false,
            }),
        },
      );
      if (run.replay) return replayed(run.replay);
      return success(request, fieldsOf(run.tx, run.upo));
    },
  );
}
