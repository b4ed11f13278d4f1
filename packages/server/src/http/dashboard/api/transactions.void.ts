import type { FastifyInstance } from 'fastify';
import { operateTransaction } from '../../../domain/dashboard/transactions.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { OperationAnswer, VoidBody } from '../../../schemas/dashboard/transactions.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { onceOf, sendReplay } from './panel-key.js';
import type { Transaction } from '../../../domain/payments/transaction.types.js';
import { PanelKeyHeaders } from '../../../schemas/dashboard/withdrawals.schema.js';
import { transactionToWire } from './transaction.wire.js';

/** POST /dashboard/api/v1/transactions/{id}/void: the session API's voidTransaction, for the signed-in user. */
export function registerVoidTransaction(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: Record<string, never>; Headers: PanelKeyHeaders }>(
    `${API_BASE}/transactions/:id/void`,
    {
      onRequest: permit('transactions.void'),
      schema: {
        summary: 'Void a transaction',
        description:
          'Voids a transaction; 409 `conflict` for one the state machine refuses (a settled sale). Goes through the same operation as the session and REST APIs (acquirer, outbox, notifications) and is written to the audit log. With `idempotency-key`, a retry replays the first answer and does not void again. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        headers: PanelKeyHeaders,
        body: VoidBody,
        response: { 200: OperationAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = (tx: Transaction): OperationAnswer => ({ transaction: transactionToWire(tx) });
      const run = await operateTransaction(
        app.services.deps,
        userOf(request),
        request.params.id,
        'Void',
        undefined,
        onceOf(request, answer),
      );
      return run.tx ? answer(run.tx) : sendReplay(reply, run.replay);
    },
  );
}
