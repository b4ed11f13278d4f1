import type { FastifyInstance } from 'fastify';
import { createDashboardUser } from '../../../domain/dashboard/users.service.js';
import { Invalid } from '../../../domain/errors.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { CreatedUser, CreateUser } from '../../../schemas/dashboard/users.schema.js';
import { API_BASE, permit, userOf, userToWire } from './auth.js';

/** POST /dashboard/api/v1/users: a new user of the merchant, with a first password shown once. */
export function registerCreateUser(app: FastifyInstance): void {
  app.post<{ Body: CreateUser }>(
    `${API_BASE}/users`,
    {
      onRequest: permit('users.manage'),
      schema: {
        summary: 'Create a control-panel user',
        description:
          'A user of the merchant with a role; a Temp user needs `expiresAt` and stops working then. The generated first password is in this answer only. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        body: CreateUser,
        response: { 201: CreatedUser, ...ERRORS },
      },
    },
    async (request, reply) => {
      const b = request.body;
      let expiresAt: number | undefined;
      if (b.expiresAt !== undefined) {
        expiresAt = Date.parse(b.expiresAt);
        if (Number.isNaN(expiresAt)) throw new Invalid('expiresAt', 'must be an ISO 8601 time');
      }
      const made = await createDashboardUser(app.services.deps, userOf(request), {
        email: b.email,
        name: b.name,
        role: b.role,
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      });
      const answer: CreatedUser = { user: await userToWire(app, made.user), password: made.password.expose() };
      return reply.code(201).send(answer);
    },
  );
}
