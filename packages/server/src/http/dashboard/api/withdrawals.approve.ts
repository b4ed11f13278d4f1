import type { FastifyInstance } from 'fastify';
import { approveFromPanel } from '../../../domain/dashboard/withdrawals.service.js';
import type { WithdrawalOrder } from '../../../domain/withdrawals/order.types.js';
import type { Withdrawal } from '../../../domain/withdrawals/withdrawal.types.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { ApproveBody, PanelKeyHeaders, WithdrawalAnswer } from '../../../schemas/dashboard/withdrawals.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { onceOf, sendReplay } from './panel-key.js';
import { withdrawalOrderToWire, withdrawalRequestToWire } from './withdrawal.wire.js';

/** POST /dashboard/api/v1/withdrawals/{id}/approve: the session API's approveRequest, for the signed-in user. */
export function registerApproveWithdrawal(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: ApproveBody; Headers: PanelKeyHeaders }>(
    `${API_BASE}/withdrawals/:id/approve`,
    {
      onRequest: permit('withdrawals.manage'),
      schema: {
        summary: 'Approve a withdrawal request',
        description:
          'Approves a Pending or InProgress request in full or in part (`amount`, at most what no order holds yet): an Approved withdrawal order, the request InProgress; nothing is paid until the order is settled. The same operation as the session API’s approveRequest (states, DMNs); 409 `conflict` in another state or over the request; written to the audit log. With `idempotency-key`, a retry replays the first answer and places no second order. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        headers: PanelKeyHeaders,
        body: ApproveBody,
        response: { 200: WithdrawalAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = (r: { withdrawal: Withdrawal; order: WithdrawalOrder }): WithdrawalAnswer => ({
        withdrawal: withdrawalRequestToWire(r.withdrawal),
        order: withdrawalOrderToWire(r.order),
      });
      const run = await approveFromPanel(
        app.services.deps,
        userOf(request),
        request.params.id,
        request.body.amount,
        onceOf(request, answer),
      );
      return 'replay' in run ? sendReplay(reply, run.replay) : answer(run);
    },
  );
}
