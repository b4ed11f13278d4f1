import type { FastifyInstance } from 'fastify';
import { declineFromPanel } from '../../../domain/dashboard/withdrawals.service.js';
import type { Withdrawal } from '../../../domain/withdrawals/withdrawal.types.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { DeclineBody, PanelKeyHeaders, WithdrawalAnswer } from '../../../schemas/dashboard/withdrawals.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { onceOf, sendReplay } from './panel-key.js';
import { withdrawalRequestToWire } from './withdrawal.wire.js';

/** POST /dashboard/api/v1/withdrawals/{id}/decline: the session API's declineRequest, for the signed-in user. */
export function registerDeclineWithdrawal(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: DeclineBody; Headers: PanelKeyHeaders }>(
    `${API_BASE}/withdrawals/:id/decline`,
    {
      onRequest: permit('withdrawals.manage'),
      schema: {
        summary: 'Decline a withdrawal request',
        description:
          'Declines a Pending or InProgress request (Partially Approved when part of it is settled already); its Approved orders are deleted unpaid. The same operation as the session API’s declineRequest (states, DMNs); 409 `conflict` once Closed or while a payout runs; written to the audit log. With `idempotency-key`, a retry replays the first answer. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        headers: PanelKeyHeaders,
        body: DeclineBody,
        response: { 200: WithdrawalAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const answer = (w: Withdrawal): WithdrawalAnswer => ({ withdrawal: withdrawalRequestToWire(w), order: null });
      const run = await declineFromPanel(
        app.services.deps,
        userOf(request),
        request.params.id,
        request.body.comment,
        onceOf(request, answer),
      );
      return 'replay' in run ? sendReplay(reply, run.replay) : answer(run);
    },
  );
}
