import type { FastifyInstance } from 'fastify';
import { operateTransaction } from '../../../domain/dashboard/transactions.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { OperationAnswer, SettleBody } from '../../../schemas/dashboard/transactions.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { onceOf, sendReplay } from './panel-key.js';
import type { Transaction } from '../../../domain/payments/transaction.types.js';
import { PanelKeyHeaders } from '../../../schemas/dashboard/withdrawals.schema.js';
import { transactionToWire } from './transaction.wire.js';

/** POST /dashboard/api/v1/transactions/{id}/settle: the session API's settleTransaction, for the signed-in user. */
export function registerSettleTransaction(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: SettleBody; Headers: PanelKeyHeaders }>(
    `${API_BASE}/transactions/:id/settle`,
    {
      onRequest: permit('transactions.settle'),
      schema: {
        summary: 'Settle a transaction',
        description:
          'Settles an approved Auth or PreAuth, in part (`amount`) or in full. Goes through the same operation as the session and REST APIs (acquirer, outbox, notifications) and is written to the audit log. With `idempotency-key`, a retry replays the first answer and does not settle again. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        headers: PanelKeyHeaders,
        body: SettleBody,
        response: { 200: OperationAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = (tx: Transaction): OperationAnswer => ({ transaction: transactionToWire(tx) });
      const run = await operateTransaction(
        app.services.deps,
        userOf(request),
        request.params.id,
        'Settle',
        request.body.amount,
        onceOf(request, answer),
      );
      return run.tx ? answer(run.tx) : sendReplay(reply, run.replay);
    },
  );
}
