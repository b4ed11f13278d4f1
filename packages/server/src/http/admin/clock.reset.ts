import type { FastifyInstance } from 'fastify';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { ResetClockBody, TestClock } from '../../schemas/admin/sandbox.schema.js';
import { resetClock } from '../../store/sandbox.repo.js';
import { adminAuth } from './auth.js';
import { clockView } from '../../lib/clock.js';
import { merchantActedFor, sandboxOrRefuse } from './sandbox.scope.js';

/** POST /admin/v1/sandbox/clock/reset: a merchant's clock back on the real time (docs/decisions/0940). */
export function registerResetClock(app: FastifyInstance): void {
  app.post<{ Body: ResetClockBody | undefined }>(
    '/admin/v1/sandbox/clock/reset',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: "Reset a merchant's test clock (sandbox)",
        description:
          "Puts the merchant's clock back on the real time. What was made while it ran ahead keeps its times (a session opened a day ahead lives a day longer). Sandbox mode only: 403 in production mode.",
        tags: ['admin'],
        security: [{ apiKey: [] }],
        body: ResetClockBody,
        response: { 200: TestClock, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request, reply) => {
      const settings = sandboxOrRefuse(app, reply, 'Test clocks');
      if (!settings) return reply;
      const merchantId = await merchantActedFor(app, request, request.body?.merchantId);
      await resetClock(app.services.store, merchantId);
      await settings.refresh();
      return clockView(app.services.deps.clock, merchantId);
    },
  );
}
