import type { FastifyInstance } from 'fastify';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { ClockQuery, TestClock } from '../../schemas/admin/sandbox.schema.js';
import { adminAuth } from './auth.js';
import { clockView } from '../../lib/clock.js';
import { merchantActedFor, sandboxOrRefuse } from './sandbox.scope.js';

/** GET /admin/v1/sandbox/clock: a merchant's test clock (docs/decisions/0940). */
export function registerShowClock(app: FastifyInstance): void {
  app.get<{ Querystring: ClockQuery }>(
    '/admin/v1/sandbox/clock',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: "Show a merchant's test clock (sandbox)",
        description:
          "The merchant's time, the real time and how far ahead the merchant's clock runs. Sandbox mode only: 403 in production mode, which runs on the real clock.",
        tags: ['admin'],
        security: [{ apiKey: [] }],
        querystring: ClockQuery,
        response: { 200: TestClock, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request, reply) => {
      const settings = sandboxOrRefuse(app, reply, 'Test clocks');
      if (!settings) return reply;
      const merchantId = await merchantActedFor(app, request, request.query.merchantId);
      await settings.refresh();
      return clockView(app.services.deps.clock, merchantId);
    },
  );
}
