import type { FastifyInstance } from 'fastify';
import { deleteMerchantUpo } from '../../../domain/dashboard/upos.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { API_BASE, permit, userOf } from './auth.js';

/** DELETE /dashboard/api/v1/payment-options/{id}: the session API's deleteUPO for the UPO's own site and customer. */
export function registerDeletePaymentOption(app: FastifyInstance): void {
  app.delete<{ Params: IdParams }>(
    `${API_BASE}/payment-options/:id`,
    {
      onRequest: permit('upos.manage'),
      schema: {
        summary: 'Delete a stored payment option',
        description:
          'As deleteUPO: the UPO is no longer listed and cannot pay. Another merchant’s or an already deleted UPO is 404. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        response: { ...ERRORS },
      },
    },
    async (request, reply) => {
      await deleteMerchantUpo(app.services.deps, userOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
