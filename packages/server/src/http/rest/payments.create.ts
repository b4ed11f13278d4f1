import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { authorizeEntity, requireOperationsKey } from '../../domain/merchants/merchant.service.js';
import { payOrder } from '../../domain/payments/pay-order.js';
import { followUp, type IdempotencyClaim } from '../../domain/payments/payment.service.js';
import { restPaymentResponse } from '../../render/rest-payment.render.js';
import { requestHashOf } from '../../domain/idempotency/idempotency.service.js';
import { PaymentRequest, PaymentResponse } from '../../schemas/rest/payment.schema.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import { baseUrlOf } from '../three-d.view.js';
import { merchantOf } from './auth.js';
import { checkCurrency, toMinor } from './order.translate.js';
import { authenticatePayment, boundOrderOf } from './payment-auth.js';
import { sendPaid, sendRun } from './payment.render.js';
import { checkBoundOrder, followUpCommandOf, isFollowUp, restPaymentOf } from './payment.translate.js';

const SCOPE = 'POST /payment-api/payments';

/** POST /payment-api/payments (docs/decisions/0616): pay with a card, or settle, void or refund a transaction. */
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
          "Auth, PreAuth or Sale with `paymentOption.card` (optionally paying the order `sessionId`: amount and currency must match it), or Settle, Void, Refund of `relatedTransactionId`. A decline is HTTP 200 with `result.status: declined`. Accepts an API key, a merchant access token (scope `payments` to pay, `operations` to settle, void or refund), or the order's sessionId as bearer token for that order within its permittedOperations. `idempotency-key` replays the first response; while the first request is still with the acquirer, a retry is answered 409 5300.1003.",
        tags: ['payments'],
        security: [{ apiKey: [] }, { bearer: [] }],
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 255,
              description: 'Retries with the same key and body replay the first response',
            }),
          ),
        }),
        body: PaymentRequest,
        response: { 200: PaymentResponse, '4xx': ErrorResponse, 500: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { deps } = app.services;
      const ctx = merchantOf(request);
      const body = request.body;
      requireOperationsKey(ctx);
      const bound = boundOrderOf(request);
      checkBoundOrder(body, bound);
      await authorizeEntity(deps.storage.read, ctx, body.processingEntityId);
      const currency = checkCurrency(body.currency, 'currency');
      const charge = { amount: toMinor(body.amount, currency, 'amount', 'amount'), currency };
      const key = request.headers['idempotency-key'];
      const idempotency: IdempotencyClaim | undefined =
        key === undefined
          ? undefined
          : {
              entityId: body.processingEntityId,
              scope: SCOPE,
              key,
              requestHash: requestHashOf(deps.vault, body),
              render: (tx) => ({ status: 200, body: JSON.stringify(restPaymentResponse(tx)) }),
            };
      const type = body.transactionType;
      if (isFollowUp(type)) {
        const cmd = followUpCommandOf(ctx, { ...body, transactionType: type }, bound, charge);
        cmd.origin.requestId = request.id;
        return sendRun(reply, await followUp(deps, cmd, idempotency ? { idempotency } : {}));
      }
      const { payer, instrument, options } = await restPaymentOf(deps, ctx, body, bound, charge, baseUrlOf(request));
      payer.origin.requestId = request.id;
      return sendPaid(
        reply,
        await payOrder(deps, payer, instrument, { ...options, ...(idempotency ? { idempotency } : {}) }),
      );
    },
  );
}
