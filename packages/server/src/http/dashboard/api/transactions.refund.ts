import type { FastifyInstance } from 'fastify';
import { operateTransaction } from '../../../domain/dashboard/transactions.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { OperationAnswer, RefundBody } from '../../../schemas/dashboard/transactions.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { onceOf, sendReplay } from './panel-key.js';
import type { Transaction } from '../../../domain/payments/transaction.types.js';
import { PanelKeyHeaders } from '../../../schemas/dashboard/withdrawals.schema.js';
import { transactionToWire } from './transaction.wire.js';

/** POST /dashboard/api/v1/transactions/{id}/refund: the session API's refundTransaction, for the signed-in user. */
export function registerRefundTransaction(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: RefundBody; Headers: PanelKeyHeaders }>(
    `${API_BASE}/transactions/:id/refund`,
    {
      onRequest: permit('transactions.refund'),
      schema: {
        summary: 'Refund a transaction',
        description:
          'Refunds an approved Sale or Settle, in part or in full; 409 `conflict` over the refundable amount. Goes through the same operation as the session and REST APIs (acquirer, outbox, notifications) and is written to the audit log. With `idempotency-key`, a retry replays the first answer and does not refund again. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        headers: PanelKeyHeaders,
        body: RefundBody,
        response: { 200: OperationAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = (tx: Transaction): OperationAnswer => ({ transaction: transactionToWire(tx) });
      const run = await operateTransaction(
        app.services.deps,
        userOf(request),
        request.params.id,
        'Refund',
        request.body.amount,
        onceOf(request, answer),
      );
      return run.tx ? answer(run.tx) : sendReplay(reply, run.replay);
    },
  );
}
