import type { FastifyInstance } from 'fastify';
import { sealWithdrawal } from '../../domain/withdrawals/order.service.js';
import { withdrawalFields } from '../shared/withdrawal.render.js';
import { SealRequestRequest, WithdrawalOrderResponse } from '../../schemas/session/withdrawal-orders.schema.js';
import { str } from '../fields.js';
import { withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/sealRequest.do` (docs/withdrawals.md). */
export function registerSealRequest(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'sealRequest',
    summary: 'Seal a withdrawal request',
    description:
      'Locks a Pending request for processing: InProgress. The user can no longer have it pending; the merchant places orders or declines it.',
    body: SealRequestRequest,
    response: WithdrawalOrderResponse,
    handle: async (ctx, b) => {
      const w = await sealWithdrawal(deps(), ctx, {
        wdRequestId: String(b.wdRequestId),
        ...(str(b.userAccountId) ? { userAccountId: str(b.userAccountId)! } : {}),
        ...(str(b.operatorName) ? { operatorName: str(b.operatorName)! } : {}),
      });
      return { ...withdrawalFields(w), ...(w.operatorName !== null ? { operatorName: w.operatorName } : {}) };
    },
  });
  app.post(r.url, r.options, r.handler);
}
