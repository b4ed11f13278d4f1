import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Forbidden, Invalid, Missing, NotFound, Unauthenticated } from '../../domain/errors.js';
import { authorizeEntity, contextOfAccessToken, requireOperationsKey } from '../../domain/merchants/merchant.service.js';
import { authenticateApiKey } from '../api-key-auth.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import { findOrder } from '../../domain/orders/order.service.js';
import type { Order } from '../../domain/orders/order.types.js';
import {
  checkOrderAmount,
  followUp,
  guardOrderPayment,
  type IdempotencyClaim,
  type Origin,
  pay,
  type Run,
} from '../../domain/payments/payment.service.js';
import { restPaymentResponse } from '../../domain/payments/payment.view.js';
import type { Repos } from '../../domain/ports.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { verifyAccessToken } from '../../security/jwt.js';
import { PaymentRequest, PaymentResponse } from '../../schemas/rest/payment.schema.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import { merchantOf } from './auth.js';
import { checkCurrency, toMinor } from './order.translate.js';
import { billingOf, cardInputOf, paymentCardOf } from '../payment-card.js';
import { initAuth3D, payThreeD } from '../../domain/payments/three-d-secure.service.js';
import { baseUrlOf, restAuthenticatedResponse, restChallengeResponse, restFingerprintResponse, threeDRequestOf } from '../three-d.view.js';
import { apmUpoOf, payApm } from '../../domain/payments/apm.service.js';
import { cardOfRestTempToken, type TokenCard } from '../../domain/payment-methods/tokens.service.js';
import { cardOfUpo, saveCardUpo } from '../../domain/payment-methods/upos.service.js';
import { outcomeEffects } from '../../domain/payments/outcome-effects.js';
import type { CardInput } from '../../domain/payments/acquirer.port.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import { apmInputOf, processingOptionsOf, returnUrlsOf } from '../payment-options.js';

const SCOPE = 'POST /payment-api/payments';
const IDEMPOTENCY_HASH_PURPOSE = 'idempotency.request';

/** The order whose sessionId is the request's bearer token, when it is. */
const boundOrders = new WeakMap<FastifyRequest, Order>();

/**
 * Payments accept an API key, a merchant access token, or an order's sessionId as a bearer token
 * (30 minutes, that order only, its permittedOperations only: DECISIONS.md 3).
 */
async function authenticatePayment(app: FastifyInstance, request: FastifyRequest): Promise<MerchantContext> {
  const { deps, box } = app.services;
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0) return authenticateApiKey(deps.storage.read, apiKey);
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !/^bearer\s/i.test(authorization)) throw new Unauthenticated('no credential');
  const token = authorization.slice(7).trim();
  const now = deps.clock.now();
  const claims = await verifyAccessToken(box, token, Math.floor(now / 1000));
  if (claims) return contextOfAccessToken(deps.storage.read, claims);
  const order = token.length > 0 && token.length <= 255 ? await deps.storage.read.orders.findBySessionId(token) : undefined;
  if (!order || order.entityId === null || now >= order.sessionExpiresAt) throw new Unauthenticated('invalid bearer token');
  boundOrders.set(request, order);
  return {
    merchantId: order.merchantId,
    siteId: order.siteId,
    entityId: order.entityId,
    keyId: `order:${order.id}`,
    keyType: 'operations',
    via: 'access-token',
    scopes: new Set(order.permittedOperations),
  };
}

/** POST /payment-api/payments (DECISIONS.md 4): pay with a card, or settle, void or refund a transaction. */
export function registerCreatePayment(app: FastifyInstance): void {
  app.post<{ Body: PaymentRequest; Headers: { 'idempotency-key'?: string } }>(
    '/payment-api/payments',
    {
      onRequest: async (request) => {
        request.merchant = await authenticatePayment(app, request);
      },
      schema: {
        summary: 'Create a payment or a follow-up operation',
        description:
          'Auth, PreAuth or Sale with `paymentOption.card` (optionally paying the order `sessionId`: amount and currency must match it), or Settle, Void, Refund of `relatedTransactionId`. A decline is HTTP 200 with `result.status: declined`. Accepts an API key, a merchant access token (scope `payments` to pay, `operations` to settle, void or refund), or the order\'s sessionId as bearer token for that order within its permittedOperations. `idempotency-key` replays the first response; while the first request is still with the acquirer, a retry is answered 409 5300.1003.',
        tags: ['payments'],
        security: [{ apiKey: [] }, { bearer: [] }],
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({ minLength: 1, maxLength: 255, description: 'Retries with the same key and body replay the first response' }),
          ),
        }),
        body: PaymentRequest,
        response: { 200: PaymentResponse, '4xx': ErrorResponse, 500: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { deps, box } = app.services;
      const ctx = merchantOf(request);
      const body = request.body;
      requireOperationsKey(ctx);
      const bound = boundOrders.get(request);
      if (bound) {
        if (body.processingEntityId !== bound.entityId) throw new Forbidden('the sessionId token is bound to its own order');
        if (body.sessionId !== undefined && body.sessionId !== bound.sessionId) {
          throw new Forbidden('the sessionId token is bound to its own order');
        }
      }
      await authorizeEntity(deps.storage.read, ctx, body.processingEntityId);
      const currency = checkCurrency(body.currency, 'currency');
      const amount = toMinor(body.amount, currency, 'amount', 'amount');
      const key = request.headers['idempotency-key'];
      const idempotency: IdempotencyClaim | undefined =
        key === undefined
          ? undefined
          : {
              entityId: body.processingEntityId,
              scope: SCOPE,
              key,
              // keyed hash: the body holds a card number, which must not be guessable from the record
              requestHash: box.mac(IDEMPOTENCY_HASH_PURPOSE, canonicalJson(body)).toString('hex'),
              render: (tx) => ({ status: 200, body: JSON.stringify(restPaymentResponse(tx)) }),
            };

      let run: Run;
      if (body.transactionType === 'Settle' || body.transactionType === 'Void' || body.transactionType === 'Refund') {
        if (!ctx.scopes.has('operations')) throw new Forbidden('settle, void and refund need the operations scope');
        if (body.relatedTransactionId === undefined) throw new Missing('relatedTransactionId');
        const origin: Origin = {
          via: 'rest',
          merchantId: ctx.merchantId,
          siteId: ctx.siteId,
          entityId: body.processingEntityId,
          orderId: null,
          sessionId: null,
          merchantTransactionId: body.merchantTransactionId ?? null,
          webhookUrl: body.urlDetails?.webhookUrl ?? null,
        };
        const mayReach = async (repos: Repos, tx: { merchantId: string; entityId: string | null; orderId: number | null }) => {
          if (tx.merchantId !== ctx.merchantId || tx.entityId === null) return false;
          if (bound && tx.orderId !== bound.id) return false;
          try {
            await authorizeEntity(repos, ctx, tx.entityId);
            return true;
          } catch {
            return false;
          }
        };
        run = await followUp(
          deps,
          { origin, type: body.transactionType, relatedTransactionId: body.relatedTransactionId, amount, currency, mayReach },
          idempotency ? { idempotency } : {},
        );
      } else {
        if (!ctx.scopes.has('payments')) throw new Forbidden('payments need the payments scope');
        const option = body.paymentOption as Record<string, unknown> | undefined;
        const processing = processingOptionsOf(
          body as Record<string, unknown>,
          (v, cur, field) => {
            if (typeof v !== 'number') throw new Invalid(field, 'must be a number');
            return toMinor(v, cur, field);
          },
          checkCurrency,
        );
        const userTokenId = body.userTokenId ?? null;
        if (body.storePaymentOption === true && !userTokenId) throw new Missing('userTokenId');
        // Exactly one payment option; beside tempToken or userPaymentOptionId, `card` carries only CVV and threeD.
        const chosen = option ? ['tempToken', 'userPaymentOptionId', 'alternativePaymentMethod'].filter((k) => option[k] !== undefined) : [];
        const cardOnlyCvv = body.paymentOption?.card !== undefined && Object.keys(body.paymentOption.card).every((k) => k === 'CVV' || k === 'threeD');
        if (chosen.length > 1 || (chosen.length === 1 && body.paymentOption?.card !== undefined && (chosen[0] === 'alternativePaymentMethod' || !cardOnlyCvv))) {
          throw new Invalid('paymentOption', 'must have exactly one of card, tempToken, userPaymentOptionId, alternativePaymentMethod', 'payment_option');
        }
        const cvv = body.paymentOption?.card?.CVV;
        // APM (docs/decisions/0360) or an APM UPO; a ccTempToken or a card UPO (docs/decisions/0363); or a card.
        const apmInput = apmInputOf(option);
        const apmUpo = apmInput ? undefined : await apmUpoOf(deps, body.paymentOption?.userPaymentOptionId, { siteId: ctx.siteId, userTokenId });
        let tokenCard: TokenCard | undefined;
        let upoCard: CardInput | undefined;
        let card: CardInput | undefined;
        if (apmInput === undefined && apmUpo === undefined) {
          if (body.paymentOption?.tempToken !== undefined) {
            tokenCard = await cardOfRestTempToken(deps, body.paymentOption.tempToken, ctx.siteId, cvv);
            card = tokenCard.card;
          } else if (body.paymentOption?.userPaymentOptionId !== undefined) {
            if (!userTokenId) throw new Missing('userTokenId');
            upoCard = await cardOfUpo(deps, option, { siteId: ctx.siteId, userTokenId });
            card = upoCard;
          } else {
            card = cardInputOf(paymentCardOf(option));
          }
        }
        const sessionId = body.sessionId ?? bound?.sessionId;
        let order: Order | undefined;
        if (sessionId !== undefined) {
          order = bound ?? (await findOrder(deps.storage.read, ctx, { sessionId }));
          if (order.entityId !== body.processingEntityId) throw new NotFound('order');
          checkOrderAmount(order, amount, currency);
        }
        const origin: Origin = {
          via: 'rest',
          merchantId: ctx.merchantId,
          siteId: ctx.siteId,
          entityId: body.processingEntityId,
          orderId: order?.id ?? null,
          sessionId: order?.sessionId ?? null,
          merchantTransactionId: body.merchantTransactionId ?? order?.merchantTransactionId ?? null,
          productId: body.productId ?? order?.productId ?? null,
          webhookUrl: body.urlDetails?.webhookUrl ?? order?.webhookUrl ?? null,
          userTokenId,
        };
        const billing = billingOf(body.billingAddress ?? (body.buyerDetails as Record<string, unknown> | undefined)?.address);
        const orderId = order?.id;
        const stepGuard = orderId !== undefined ? (repos: Repos) => guardOrderPayment(repos, orderId, deps.clock.now()) : undefined;
        // a ccTempToken is used up by the payment that moves money, not by the 3-D Secure steps before it
        const consumeToken = tokenCard ? (repos: Repos) => tokenCard.consume(repos, deps.clock.now()) : undefined;
        const orderGuard =
          stepGuard || consumeToken
            ? async (repos: Repos) => {
                await stepGuard?.(repos);
                await consumeToken?.(repos);
              }
            : undefined;
        if (!card) {
          const apmRun = await payApm(
            deps,
            {
              origin,
              type: body.transactionType,
              amount,
              currency,
              apm: apmUpo ? { upo: apmUpo } : apmInput!,
              ...(billing?.country ? { country: billing.country } : {}),
              storeUpo: body.storePaymentOption === true,
              urls: returnUrlsOf(body.urlDetails, order?.request.urlDetails),
              baseUrl: baseUrlOf(request),
              ...(processing ? { options: processing } : {}),
            },
            { ...(idempotency ? { idempotency } : {}), ...(orderGuard ? { guard: orderGuard } : {}) },
          );
          if (apmRun.replay) {
            void reply.header('idempotent-replayed', 'true');
            return reply.code(apmRun.replay.status).type('application/json; charset=utf-8').send(apmRun.replay.body);
          }
          return reply.code(200).send(restPaymentResponse(apmRun.tx));
        }
        const payCmd = {
          origin,
          type: body.transactionType,
          amount,
          currency,
          card,
          ...(billing ? { billing } : {}),
          partialApproval: body.isPartialApproval ?? false,
          ...(processing ? { options: processing } : {}),
        };
        // storePaymentOption (docs/decisions/0363): a card UPO of userTokenId once approved, saved in the
        // write of the outcome (0602); a UPO paid with is echoed. A replay saves it if a crash came between.
        const upoOwner =
          !upoCard && body.storePaymentOption === true && userTokenId
            ? { merchantId: ctx.merchantId, siteId: ctx.siteId, userTokenId }
            : undefined;
        const effects = outcomeEffects(upoOwner ? { saveCardUpoFor: upoOwner } : {});
        const withUpo = async (tx: Transaction) => {
          const upoId = upoCard
            ? String(body.paymentOption?.userPaymentOptionId)
            : upoOwner
              ? (effects.savedUpoId() ?? (await saveCardUpo(deps, upoOwner, tx))?.id)
              : undefined;
          const r = restPaymentResponse(tx) as { paymentOption?: { card?: Record<string, unknown> } };
          if (upoId === undefined) return r;
          if (r.paymentOption?.card) r.paymentOption.card.paymentTokenId = upoId;
          return { ...r, userPaymentOptionId: upoId };
        };
        // 3-D Secure 2 (docs/decisions/0310): fingerprint → challenge → the payment.
        const wireCard = body.paymentOption?.card;
        if (body.relatedTransactionId !== undefined || wireCard?.threeD !== undefined) {
          if (idempotency) throw new Invalid('idempotency-key', 'is not supported on 3-D Secure steps');
          const baseUrl = baseUrlOf(request);
          if (body.relatedTransactionId === undefined) {
            const methodNotificationURL = wireCard?.threeD?.methodNotificationURL;
            const init = await initAuth3D(
              deps,
              { origin, amount, currency, card, baseUrl, ...(methodNotificationURL ? { methodNotificationURL } : {}) },
              stepGuard,
            );
            return reply.code(200).send(restFingerprintResponse(init.tx, init.method));
          }
          const three = await payThreeD(
            deps,
            {
              ...payCmd,
              relatedTransactionId: body.relatedTransactionId,
              threeDRequest: threeDRequestOf(wireCard) ?? {},
              baseUrl,
              ...(body.authenticationOnlyType ? { authenticateOnly: true } : {}),
              ...(consumeToken ? { onPayment: consumeToken } : {}),
              onOutcome: effects.onOutcome,
              mayReach: (t) =>
                t.interface === 'rest' && t.merchantId === ctx.merchantId && t.entityId === body.processingEntityId &&
                (!bound || t.orderId === bound.id),
            },
            stepGuard,
          );
          if (three.challenge !== undefined) return reply.code(200).send(restChallengeResponse(three.tx!, three.challenge));
          if (three.authenticated !== undefined) return reply.code(200).send(restAuthenticatedResponse(three.tx!, three.authenticated));
          run = three as Run;
          if (run.tx) return reply.code(200).send(await withUpo(run.tx));
        } else {
          run = await pay(deps, payCmd, {
            ...(idempotency ? { idempotency } : {}),
            ...(orderGuard ? { guard: orderGuard } : {}),
            onOutcome: effects.onOutcome,
          });
          if (run.tx) return reply.code(200).send(await withUpo(run.tx));
          if (run.replay && (upoCard || body.storePaymentOption === true)) {
            // The stored first answer was rendered before its UPO was saved: a replay carries the UPO
            // too (saving it now if a crash came between the two writes).
            const first = JSON.parse(run.replay.body) as { transactionId?: string; userPaymentOptionId?: string };
            const tx = first.transactionId ? await deps.storage.read.payments.find(first.transactionId) : undefined;
            const withId = tx ? ((await withUpo(tx)) as { userPaymentOptionId?: string }) : {};
            if (withId.userPaymentOptionId !== undefined) {
              const card = (first as { paymentOption?: { card?: Record<string, unknown> } }).paymentOption?.card;
              if (card) card.paymentTokenId = withId.userPaymentOptionId;
              first.userPaymentOptionId = withId.userPaymentOptionId;
            }
            void reply.header('idempotent-replayed', 'true');
            return reply.code(run.replay.status).send(first);
          }
        }
      }
      if (run.replay) {
        void reply.header('idempotent-replayed', 'true');
        return reply.code(run.replay.status).type('application/json; charset=utf-8').send(run.replay.body);
      }
      return reply.code(200).send(restPaymentResponse(run.tx));
    },
  );
}
