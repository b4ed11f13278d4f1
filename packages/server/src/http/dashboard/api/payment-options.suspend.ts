import type { FastifyInstance } from 'fastify';
import { setMerchantUpoSuspended } from '../../../domain/dashboard/upos.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { NoBody, UpoAnswer } from '../../../schemas/dashboard/upos.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { upoToWire } from './upo.wire.js';

/**
 * POST /dashboard/api/v1/payment-options/{id}/suspend and …/enable: the session API's suspendUPO and
 * enableUPO for the UPO's own site and customer.
 */
export function registerSuspendPaymentOption(app: FastifyInstance): void {
  for (const [verb, suspended] of [
    ['suspend', true],
    ['enable', false],
  ] as const) {
    app.post<{ Params: IdParams; Body: NoBody }>(
      `${API_BASE}/payment-options/:id/${verb}`,
      {
        onRequest: permit('upos.manage'),
        schema: {
          summary: suspended ? 'Suspend a stored payment option' : 'Enable a suspended stored payment option',
          description: `${
            suspended
              ? 'As suspendUPO: the UPO stays listed and cannot pay until enabled.'
              : 'As enableUPO: the UPO can pay again.'
          } Idempotent. Another merchant’s UPO is 404. Needs \`x-csrf-token\`.`,
          tags: ['dashboard'],
          security: [{ dashboardSession: [] }],
          params: IdParams,
          body: NoBody,
          response: { 200: UpoAnswer, ...ERRORS },
        },
      },
      async (request): Promise<UpoAnswer> => {
        const shown = await setMerchantUpoSuspended(app.services.deps, userOf(request), request.params.id, suspended);
        return { item: upoToWire(shown) };
      },
    );
  }
}
