import type { FastifyInstance } from 'fastify';
import { cardOfUpo, savePmOf } from '../../domain/payment-methods/upos.service.js';
import { outcomeEffects } from '../../domain/payments/outcome-effects.js';
import { cardOfTempToken } from '../../domain/payment-methods/tokens.service.js';
import { dccOfPayment, originalOf, recordDccOption } from '../../domain/payments/dcc.service.js';
import { Invalid } from '../../domain/errors.js';
import { checkOrderAmount, guardOrderPayment, pay, type Origin, type Run } from '../../domain/payments/payment.service.js';
import { sessionTransactionFields } from '../../domain/payments/payment.view.js';
import type { PaymentType, Transaction } from '../../domain/payments/transaction.types.js';
import { findCallerSession, requireSessionOrder } from '../../domain/sessions/session.service.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { SessionTransactionResponse } from '../../schemas/session/payment.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { billingOf, cardInputOf, paymentCardOf } from '../payment-card.js';
import type { Repos } from '../../domain/ports.js';
import { payThreeD, type ThreeDRun } from '../../domain/payments/three-d-secure.service.js';
import { baseUrlOf, sessionChallengeFields, threeDRequestOf } from '../three-d.view.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { replayClaim, replayed, replayPrecheck } from './replay.js';
import { apmUpoOf, payApm } from '../../domain/payments/apm.service.js';
import { apmInputOf, checkSingleOption, processingOptionsOf, returnUrlsOf } from '../payment-options.js';
import { obj, str } from '../fields.js';

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
      preHandler: replayPrecheck(app, 'payment'),
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
      const session = await findCallerSession(deps, token, ctx);
      const order = await requireSessionOrder(deps, session);
      const currency = checkCurrency(String(body.currency), 'currency');
      const amount = toMinor(String(body.amount), currency, 'amount', 'amount');
      // DCC (docs/decisions/0321): the charge is the day's conversion of the order's amount.
      const dcc = dccOfPayment(deps, body.currencyConversion, { amount, currency });
      // A 3-D Secure payment pays the amount its InitAuth3D authenticated (docs/decisions/0310).
      if (order.pricing && body.relatedTransactionId === undefined) {
        if (dcc) checkOrderAmount(order.pricing, originalOf(dcc).amount, dcc.originalCurrency);
        else checkOrderAmount(order.pricing, amount, currency);
      }

      const requested = str(body.transactionType);
      if (requested !== undefined && !PAYMENT_TYPES.includes(requested as PaymentType)) {
        throw new Invalid('transactionType', 'must be one of Auth, PreAuth, Sale');
      }
      const type = (requested as PaymentType | undefined) ?? order.transactionType ?? 'Sale';
      const option = obj(body.paymentOption);
      const userTokenId = str(body.userTokenId) ?? session.userTokenId;
      // rebill, zero-amount, MCP: passed to the acquirer and recorded (docs/decisions/0362)
      const processing = processingOptionsOf(
        body,
        (v, cur, field) => toMinor(typeof v === 'string' ? v : String(v), cur, field),
        checkCurrency,
      );
      // APM (docs/decisions/0360): the method and its data, or an APM UPO of the user.
      checkSingleOption(option);
      const apmInput = apmInputOf(option);
      const apmUpo = apmInput ? undefined : await apmUpoOf(deps, option?.userPaymentOptionId, { siteId: ctx.siteId, userTokenId });
      // ccTempToken (docs/decisions/0322): a card vaulted by cardTokenization in this session, used once.
      const apmPayment = apmInput !== undefined || apmUpo !== undefined;
      const tokenCard = apmPayment ? undefined : await cardOfTempToken(deps, option, { sessionToken: token, siteId: ctx.siteId });
      // UPO (docs/decisions/0323): a stored card of the payment's userTokenId on this site.
      const upoCard = tokenCard || apmPayment ? undefined : await cardOfUpo(deps, option, { siteId: ctx.siteId, userTokenId });
      const card = apmPayment ? undefined : (tokenCard?.card ?? upoCard ?? cardInputOf(paymentCardOf(option)));
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
      // a body already accepted answers its first answer and moves no money (docs/decisions/0805)
      const head = {
        sessionToken: token,
        orderId: String(order.id),
        ...(origin.userTokenId ? { userTokenId: origin.userTokenId } : {}),
      };
      const partial = body.isPartialApproval;
      const billing = billingOf(body.billingAddress ?? details.billingAddress);
      const stepGuard = async (repos: Repos) => {
        const now = deps.clock.now();
        await repos.sessions.touch(token, now);
        await guardOrderPayment(repos, order.id, now);
      };
      // a ccTempToken is used up by the payment that moves money, not by a 3-D Secure step before it
      const consumeToken = tokenCard ? (repos: Repos) => tokenCard.consume(repos, deps.clock.now()) : undefined;
      const guard = async (repos: Repos) => {
        await stepGuard(repos);
        await consumeToken?.(repos);
      };
      if (!card) {
        const country = billing?.country ?? str(obj(body.userDetails ?? details.userDetails)?.country);
        const apmRun = await payApm(
          deps,
          {
            origin,
            type,
            amount,
            currency,
            apm: apmUpo ? { upo: apmUpo } : apmInput!,
            ...(country ? { country } : {}),
            storeUpo: savePmOf(body.savePM) || savePmOf(body.storePaymentOption),
            urls: returnUrlsOf(body.urlDetails, details.urlDetails),
            baseUrl: baseUrlOf(request),
            ...(processing ? { options: processing } : {}),
          },
          // a decline counts toward sessionCardDeclineLimit, in the write of the outcome
          {
            guard,
            onOutcome: outcomeEffects({ declineSession: token }).onOutcome,
            idempotency: replayClaim(app, request, 'payment', head, (tx) => ({ ...head, ...sessionTransactionFields(tx) })),
          },
        );
        if (apmRun.replay) return replayed(apmRun.replay);
        return success(request, { ...head, ...sessionTransactionFields(apmRun.tx) });
      }
      const payCmd = {
        origin,
        type,
        amount,
        currency,
        card,
        ...(billing ? { billing } : {}),
        partialApproval: partial === true || partial === 1 || partial === '1' || partial === 'true',
        ...(processing ? { options: processing } : {}),
      };
      // In the write of the outcome (docs/decisions/0602): a decline counts toward
      // sessionCardDeclineLimit (at the limit the session expires); with savePM an approved card is a UPO.
      const effects = outcomeEffects({
        declineSession: token,
        ...(!upoCard && savePmOf(body.savePM) && origin.userTokenId
          ? { saveCardUpoFor: { merchantId: ctx.merchantId, siteId: ctx.siteId, userTokenId: origin.userTokenId } }
          : {}),
      });
      // 3-D Secure (docs/decisions/0310): relatedTransactionId names the InitAuth3D or the challenge step.
      const related = str(body.relatedTransactionId);
      const paid = (tx: Transaction) => {
        const upoId = upoCard ? String(option?.userPaymentOptionId) : effects.savedUpoId();
        return { ...head, ...sessionTransactionFields(tx), ...(upoId !== undefined ? { userPaymentOptionId: upoId } : {}) };
      };
      const idempotency = replayClaim(app, request, 'payment', head, paid);
      const run = (
        related === undefined
          ? await pay(deps, payCmd, { guard, ...recordDccOption(deps, dcc), onOutcome: effects.onOutcome, idempotency })
          : await payThreeD(
              deps,
              {
                ...payCmd,
                relatedTransactionId: related,
                threeDRequest: threeDRequestOf(obj(body.paymentOption)?.card) ?? {},
                baseUrl: baseUrlOf(request),
                mayReach: (t) => t.interface === 'session' && t.sessionId === token && t.siteId === ctx.siteId,
                ...(consumeToken ? { onPayment: consumeToken } : {}),
                onOutcome: effects.onOutcome,
              },
              stepGuard,
            )
      ) as ThreeDRun & Run;
      if (run.replay) return replayed(run.replay);
      const challenge = run.challenge;
      if (challenge !== undefined) {
        return success(request, {
          sessionToken: token,
          orderId: String(order.id),
          ...(origin.userTokenId ? { userTokenId: origin.userTokenId } : {}),
          ...sessionChallengeFields(run.tx!, challenge),
        });
      }
      return success(request, paid(run.tx!));
    },
  );
}
