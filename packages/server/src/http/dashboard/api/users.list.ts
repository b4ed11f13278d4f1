import type { FastifyInstance } from 'fastify';
import { listDashboardUsers } from '../../../domain/dashboard/users.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { UserList } from '../../../schemas/dashboard/users.schema.js';
import { API_BASE, permit, userOf, userToWire } from './auth.js';

/** GET /dashboard/api/v1/users: the merchant's control-panel users. */
export function registerListUsers(app: FastifyInstance): void {
  app.get(
    `${API_BASE}/users`,
    {
      onRequest: permit('users.manage'),
      schema: {
        summary: 'List control-panel users',
        description: 'The merchant’s users, oldest first (deleted ones left out).',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        response: { 200: UserList, ...ERRORS },
      },
    },
    async (request): Promise<UserList> => {
      const users = await listDashboardUsers(app.services.deps, userOf(request).merchantId);
      return { items: await Promise.all(users.map((u) => userToWire(app, u))) };
    },
  );
}
