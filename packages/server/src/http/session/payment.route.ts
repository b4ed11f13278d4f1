import type { FastifyInstance } from 'fastify';
import { Invalid } from '../../domain/errors.js';
import { checkOrderAmount, guardOrderPayment, pay, type Origin } from '../../domain/payments/payment.service.js';
import { sessionTransactionFields } from '../../domain/payments/payment.view.js';
import type { PaymentType } from '../../domain/payments/transaction.types.js';
import { SessionError, sessionExpired } from '../../domain/sessions/session.errors.js';
import { findLiveSession, recordDecline } from '../../domain/sessions/session.service.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { billingOf, cardInputOf, paymentCardOf } from '../payment-card.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const PAYMENT_TYPES: readonly PaymentType[] = ['Auth', 'PreAuth', 'Sale'];

/**
 * POST /ppp/api/v1/payment.do: pays the order of a live session with a card. A decline is
 * `status: SUCCESS` with `transactionStatus: DECLINED` and counts toward `sessionCardDeclineLimit`.
 */
export function registerPayment(app: FastifyInstance): void {
  app.post(
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
      const body = request.body as Record<string, unknown>;
      const token = String(body.sessionToken);
      const session = await findLiveSession(deps, token);
      if (session.siteId !== ctx.siteId || session.merchantId !== ctx.merchantId) throw sessionExpired();
      const order = session.orderId === null ? undefined : await deps.storage.read.sessions.findOrder(session.orderId);
      if (!order) throw new SessionError('invalid_order', 'Invalid order ID: open an order in this session first');
      const currency = checkCurrency(String(body.currency), 'currency');
      const amount = toMinor(String(body.amount), currency, 'amount');
      if (order.pricing) checkOrderAmount(order.pricing, amount, currency);

      const requested = str(body.transactionType);
      if (requested !== undefined && !PAYMENT_TYPES.includes(requested as PaymentType)) {
        throw new Invalid('transactionType', 'must be one of Auth, PreAuth, Sale');
      }
      const type = (requested as PaymentType | undefined) ?? order.transactionType ?? 'Sale';
      const card = cardInputOf(paymentCardOf(obj(body.paymentOption)));
      const details = order.details;
      const notificationUrl =
        str(obj(body.urlDetails)?.notificationUrl) ?? str(obj(details.urlDetails)?.notificationUrl) ?? null;
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
      const partial = body.isPartialApproval;
      const billing = billingOf(body.billingAddress ?? details.billingAddress);
      const run = await pay(
        deps,
        {
          origin,
          type,
          amount,
          currency,
          card,
          ...(billing ? { billing } : {}),
          partialApproval: partial === true || partial === 1 || partial === '1' || partial === 'true',
        },
        {
          guard: async (repos) => {
            const now = deps.clock.now();
            await repos.sessions.touch(token, now);
            await guardOrderPayment(repos, order.id, now);
          },
        },
      );
      const tx = run.tx!;
      if (tx.status === 'declined') {
        // Counts toward sessionCardDeclineLimit; at the limit the session expires.
        await recordDecline(deps, token).catch((err: unknown) => request.log.warn({ err }, 'decline not recorded'));
      }
      return success(request, {
        sessionToken: token,
        orderId: String(order.id),
        ...(origin.userTokenId ? { userTokenId: origin.userTokenId } : {}),
        ...sessionTransactionFields(tx),
      });
    },
  );
}
