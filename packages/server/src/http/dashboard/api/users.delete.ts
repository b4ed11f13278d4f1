import type { FastifyInstance } from 'fastify';
import { deleteDashboardUser } from '../../../domain/dashboard/users.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { API_BASE, permit, userOf } from './auth.js';

/** DELETE /dashboard/api/v1/users/{id}: deletes a user of the merchant; its sessions are revoked. */
export function registerDeleteUser(app: FastifyInstance): void {
  app.delete<{ Params: IdParams }>(
    `${API_BASE}/users/:id`,
    {
      onRequest: permit('users.manage'),
      schema: {
        summary: 'Delete a control-panel user',
        description: 'Its sessions stop working at once. A user cannot delete itself. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        response: { ...ERRORS },
      },
    },
    async (request, reply) => {
      await deleteDashboardUser(app.services.deps, userOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
