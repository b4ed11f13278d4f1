import type { FastifyInstance } from 'fastify';
import { completeApmFromPanel } from '../../../domain/dashboard/apm.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { OperationAnswer } from '../../../schemas/dashboard/transactions.schema.js';
import { CompleteApmBody } from '../../../schemas/dashboard/withdrawals.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { ForbiddenHere } from './errors.js';
import { transactionToWire } from './transaction.wire.js';

/** Whether the panel may complete APM payments: in sandbox mode only (docs/decisions/1022). */
export function completesApm(app: FastifyInstance): boolean {
  return app.services.config.GATEHOUSE_MODE !== 'production';
}

/** POST /dashboard/api/v1/apm-payments/{id}/complete: the admin API's completion, for the signed-in user. */
export function registerCompleteApmPayment(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: CompleteApmBody }>(
    `${API_BASE}/apm-payments/:id/complete`,
    {
      onRequest: permit('apm.complete'),
      schema: {
        summary: 'Complete a pending APM payment',
        description:
          'Approves or declines a pending APM payment of the merchant, as `POST /admin/v1/apm-payments/{id}/complete` does (the order, getPaymentStatus, webhook and DMN follow). Sandbox mode only: in production mode completing is the operator’s alone and this answers 403 `forbidden`. 404 for another merchant’s; 409 `conflict` when it is not pending. Written to the audit log. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        body: CompleteApmBody,
        response: { 200: OperationAnswer, ...ERRORS },
      },
    },
    async (request): Promise<OperationAnswer> => {
      if (!completesApm(app)) {
        throw new ForbiddenHere(
          'In production mode only the operator completes an APM payment (POST /admin/v1/apm-payments/{id}/complete with an operator credential)',
        );
      }
      const tx = await completeApmFromPanel(
        app.services.deps,
        userOf(request),
        request.params.id,
        request.body.outcome,
      );
      return { transaction: transactionToWire(tx) };
    },
  );
}
