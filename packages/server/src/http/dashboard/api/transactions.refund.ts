import type { FastifyInstance } from 'fastify';
import { operateTransaction } from '../../../domain/dashboard/transactions.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { OperationAnswer, RefundBody } from '../../../schemas/dashboard/transactions.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { transactionToWire } from './transaction.wire.js';

/** POST /dashboard/api/v1/transactions/{id}/refund: the session API's refundTransaction, for the signed-in user. */
export function registerRefundTransaction(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: RefundBody }>(
    `${API_BASE}/transactions/:id/refund`,
    {
      onRequest: permit('transactions.refund'),
      schema: {
        summary: 'Refund a transaction',
        description:
          'Refunds an approved Sale or Settle, in part or in full; 409 `conflict` over the refundable amount. Goes through the same operation as the session and REST APIs (acquirer, outbox, notifications) and is written to the audit log. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        body: RefundBody,
        response: { 200: OperationAnswer, ...ERRORS },
      },
    },
    async (request): Promise<OperationAnswer> => {
      const tx = await operateTransaction(
        app.services.deps,
        userOf(request),
        request.params.id,
        'Refund',
        request.body.amount,
      );
      return { transaction: transactionToWire(tx) };
    },
  );
}
