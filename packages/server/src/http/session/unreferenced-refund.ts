import type { Static } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid, Missing } from '../../domain/errors.js';
import { CARD_SUBJECTS, type CardMember } from '../../domain/payments/card.js';
import type { PayoutDestination } from '../../domain/payments/payout.service.js';
import { refundUnreferenced } from '../../domain/payments/unreferenced-refund.service.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { Secret } from '../../lib/secret.js';
import type { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { obj, str } from '../fields.js';
import { cardInputOf, type WireCard } from '../payment-card.js';
import { sessionTransactionFields } from '../../render/session-transaction.render.js';
import { contextOf } from './auth.js';
import { success } from './envelope.js';
import { replayClaim, replayed } from './replay.js';

type RefundBody = Static<typeof ServerCallRequests.refundTransaction> & { readonly [member: string]: unknown };

const OPTION = 'paymentOption';
const CARD_MEMBERS = [
  'cardNumber',
  'cardHolderName',
  'expirationMonth',
  'expirationYear',
] as const satisfies CardMember[];

/** `paymentOption` of an unreferenced refund: exactly one of a card and a stored payment option. */
function destinationOf(option: Record<string, unknown>): PayoutDestination {
  const card = obj(option.card);
  const upo = option.userPaymentOptionId;
  if (card && upo !== undefined && card.cardNumber !== undefined) {
    throw new Invalid(OPTION, 'must have either card or userPaymentOptionId', 'payment_option');
  }
  if (upo !== undefined) {
    const id = typeof upo === 'number' ? String(upo) : str(upo);
    if (id === undefined || id === '') throw new Missing(`${OPTION}.userPaymentOptionId`, 'stored_option');
    const cvv = str(card?.CVV);
    return {
      kind: 'upo',
      userPaymentOptionId: id,
      field: `${OPTION}.userPaymentOptionId`,
      ...(cvv ? { cvv: new Secret(cvv) } : {}),
    };
  }
  if (!card) throw new Missing(`${OPTION}.card`, 'payment_option');
  if (card.ccTempToken !== undefined) {
    throw new Invalid(
      `${OPTION}.card.ccTempToken`,
      'is not accepted for a refund: send the card or a userPaymentOptionId',
      'card_token',
    );
  }
  for (const f of CARD_MEMBERS) {
    if (typeof card[f] !== 'string' || card[f] === '') throw new Missing(`${OPTION}.card.${f}`, CARD_SUBJECTS[f]);
  }
  return { kind: 'card', card: cardInputOf(card as unknown as WireCard, `${OPTION}.card`) };
}

/**
 * refundTransaction.do without relatedTransactionId (docs/decisions/0371): credits the card or the
 * stored payment option of `userTokenId` in `paymentOption`, as a transaction of type Credit. The
 * answer is the transaction's, with the echoed clientUniqueId; a UPO of another user or site is 1011,
 * an amount above the site's limit 1058.
 */
export async function refundWithoutRelated(
  app: FastifyInstance,
  request: FastifyRequest,
  body: RefundBody,
): Promise<Record<string, unknown>> {
  const { deps } = app.services;
  const ctx = contextOf(request);
  const userTokenId = str(body.userTokenId);
  if (userTokenId === undefined || userTokenId === '') throw new Missing('userTokenId', 'user_token');
  const currency = checkCurrency(body.currency, 'currency');
  const amount = toMinor(body.amount, currency, 'amount', 'amount');
  const option = obj(body.paymentOption);
  if (!option) throw new Invalid(OPTION, 'must be an object', 'payment_option');
  const destination = destinationOf(option);
  const fieldsOf = (tx: Transaction, upo: { id: string } | undefined) => ({
    ...sessionTransactionFields(tx),
    ...(upo ? { userPaymentOptionId: upo.id } : {}),
  });
  const run = await refundUnreferenced(
    deps,
    {
      origin: {
        via: 'session',
        merchantId: ctx.merchantId,
        siteId: ctx.siteId,
        entityId: null,
        orderId: null,
        sessionId: null,
        clientUniqueId: body.clientUniqueId ?? null,
        clientRequestId: body.clientRequestId ?? null,
        userTokenId,
        notificationUrl: body.urlDetails?.notificationUrl ?? null,
      },
      amount,
      currency,
      destination,
    },
    {
      // a body already accepted answers its first answer and moves no money (docs/decisions/0805)
      idempotency: (upo) =>
        replayClaim(app, request, 'refundTransaction', {}, (tx) => fieldsOf(tx, upo), { claimsClientRequestId: false }),
    },
  );
  if (run.replay) return replayed(run.replay);
  return success(request, fieldsOf(run.tx, run.upo));
}
