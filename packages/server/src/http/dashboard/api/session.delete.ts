import type { FastifyInstance } from 'fastify';
import { signOut } from '../../../domain/dashboard/session.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { API_BASE, secureCookies } from './auth.js';
import { clearedCookie } from './cookie.js';
import { Unauthenticated } from '../../../domain/errors.js';

/** DELETE /dashboard/api/v1/session: sign out; the session is revoked server-side, the cookie cleared. */
export function registerDeleteSession(app: FastifyInstance): void {
  app.delete(
    `${API_BASE}/session`,
    {
      schema: {
        summary: 'Sign out of the control panel',
        description: 'Revokes the session server-side and clears the cookie. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        response: { ...ERRORS },
      },
    },
    async (request, reply) => {
      if (!request.dashboard) throw new Unauthenticated('route without authentication hook');
      await signOut(app.services.deps, request.dashboard);
      return reply
        .code(204)
        .header('set-cookie', clearedCookie(secureCookies(app)))
        .send();
    },
  );
}
