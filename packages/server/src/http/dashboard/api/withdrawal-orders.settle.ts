import type { FastifyInstance } from 'fastify';
import { settleFromPanel } from '../../../domain/dashboard/withdrawals.service.js';
import type { Transaction } from '../../../domain/payments/transaction.types.js';
import type { WithdrawalOrder } from '../../../domain/withdrawals/order.types.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { PanelKeyHeaders, SettleOrderAnswer } from '../../../schemas/dashboard/withdrawals.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { onceOf, sendReplay } from './panel-key.js';
import { transactionToWire } from './transaction.wire.js';
import { withdrawalOrderToWire } from './withdrawal.wire.js';

/** POST /dashboard/api/v1/withdrawals/orders/{id}/settle: the session API's settleWithdrawalOrder. */
export function registerSettleWithdrawalOrder(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Headers: PanelKeyHeaders }>(
    `${API_BASE}/withdrawals/orders/:id/settle`,
    {
      onRequest: permit('withdrawals.manage'),
      schema: {
        summary: 'Settle a withdrawal order',
        description:
          'Pays an Approved withdrawal order out to its UPO through the acquirer: `Settled`, or `Error` with the acquirer’s reason; once the settled orders cover the request, the request is Approved. The same operation as the session API’s settleWithdrawalOrder (payout transaction, DMNs); 409 `conflict` in another state; written to the audit log. With `idempotency-key`, a retry replays the first answer and never pays twice. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        headers: PanelKeyHeaders,
        response: { 200: SettleOrderAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = (r: { order: WithdrawalOrder; payout: Transaction }): SettleOrderAnswer => ({
        order: withdrawalOrderToWire(r.order),
        transaction: transactionToWire(r.payout),
      });
      const run = await settleFromPanel(app.services.deps, userOf(request), request.params.id, onceOf(request, answer));
      return 'replay' in run ? sendReplay(reply, run.replay) : answer(run);
    },
  );
}
