import type { FastifyInstance } from 'fastify';
import { ERRORS, SessionAnswer } from '../../../schemas/dashboard/common.schema.js';
import { Unauthenticated } from '../../../domain/errors.js';
import { API_BASE, sessionAnswer } from './auth.js';

/** GET /dashboard/api/v1/me: the signed-in user, the CSRF token and the role's permissions. */
export function registerShowMe(app: FastifyInstance): void {
  app.get(
    `${API_BASE}/me`,
    {
      schema: {
        summary: 'The signed-in control-panel user',
        description: 'The user, its CSRF token and its permissions; 401 `unauthenticated` without a live session.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        response: { 200: SessionAnswer, ...ERRORS },
      },
    },
    async (request): Promise<SessionAnswer> => {
      if (!request.dashboard) throw new Unauthenticated('route without authentication hook');
      return sessionAnswer(app, request.dashboard.user, request.dashboard.token);
    },
  );
}
