import type { FastifyInstance } from 'fastify';
import { completeApmPayment } from '../../domain/payments/apm.service.js';
import { restPaymentResponse } from '../../render/rest-payment.render.js';
import { ApmPaymentParams, CompleteApmPaymentBody } from '../../schemas/admin/apm-payments.schema.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { PaymentResponse } from '../../schemas/rest/payment.schema.js';
import { adminAuth, operatorOnlyInProduction, scopeOf } from './auth.js';

/**
 * POST /admin/v1/apm-payments/{transactionId}/complete: an operator completes a pending APM payment
 * (an asynchronous method, or a redirect payment the shopper left pending or never answered). The
 * outcome is recorded, the order status and getPaymentStatus follow, and the webhook / DMN go out.
 */
export function registerCompleteApmPayment(app: FastifyInstance): void {
  app.post<{ Params: ApmPaymentParams; Body: CompleteApmPaymentBody }>(
    '/admin/v1/apm-payments/:transactionId/complete',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'Complete a pending APM payment',
        description:
          "Approves or declines a pending alternative-payment-method payment. An operator credential (`gatehouse operators create`) completes any merchant's; in sandbox mode a merchant's Operations key completes its own, in production mode it is refused with 403 (a move only the bank makes). Answers the payment as `POST /payment-api/payments` does. 404 for an unknown transaction or one of another merchant; 400 naming the state when it is not pending.",
        tags: ['admin'],
        security: [{ apiKey: [] }],
        params: ApmPaymentParams,
        body: CompleteApmPaymentBody,
        response: { 200: PaymentResponse, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request) => {
      operatorOnlyInProduction(app, request);
      const { merchantId } = scopeOf(request);
      const tx = await completeApmPayment(
        app.services.deps,
        request.params.transactionId,
        request.body.outcome,
        'operator',
        merchantId !== undefined ? { merchantId } : {},
      );
      return restPaymentResponse(tx);
    },
  );
}
