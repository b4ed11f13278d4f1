import type { FastifyInstance } from 'fastify';
import { Invalid } from '../../domain/errors.js';
import { runDueCharges } from '../../domain/rebilling/due-charges.service.js';
import { asMerchant } from '../../lib/clock-context.js';
import { clockView, realNow } from '../../lib/clock.js';
import { parseDuration } from '../../lib/duration.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { AdvanceClockBody, AdvanceClockResult } from '../../schemas/admin/sandbox.schema.js';
import { advanceClock } from '../../store/sandbox.repo.js';
import { adminAuth } from './auth.js';
import { merchantActedFor, sandboxOrRefuse } from './sandbox.scope.js';

/** The most one advance moves a clock: a year and a month of any schedule. */
export const MAX_ADVANCE_MS = 400 * 86_400_000;

/**
 * POST /admin/v1/sandbox/clock/advance (docs/decisions/0940): moves a merchant's clock forward, then
 * runs what became due at its new time: the subscription charges through the due-charge runner here,
 * and the notification retries through the relay, which claims them at its next poll.
 */
export function registerAdvanceClock(app: FastifyInstance): void {
  app.post<{ Body: AdvanceClockBody }>(
    '/admin/v1/sandbox/clock/advance',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: "Advance a merchant's test clock (sandbox)",
        description:
          "Moves the merchant's clock forward by `by`. Its sessions and access tokens expire, its webhook and DMN retries fall due (the relay sends them at its next poll) and its subscription charges due by the new time run at once, through the same runner as `rebilling run-due`. Every instance on the store follows within a second. Sandbox mode only: 403 in production mode.",
        tags: ['admin'],
        security: [{ apiKey: [] }],
        body: AdvanceClockBody,
        response: { 200: AdvanceClockResult, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request, reply) => {
      const settings = sandboxOrRefuse(app, reply, 'Test clocks');
      if (!settings) return reply;
      const merchantId = await merchantActedFor(app, request, request.body.merchantId);
      const by = parseDuration(request.body.by);
      if (by === undefined || by <= 0 || by > MAX_ADVANCE_MS)
        throw new Invalid('by', 'must be a duration from 1ms to 400d, e.g. 1d');
      const { deps } = app.services;
      await advanceClock(app.services.store, merchantId, by, realNow(deps.clock));
      await settings.refresh();
      const due = await asMerchant(merchantId, () => runDueCharges(deps, { merchantId }));
      return {
        clock: clockView(deps.clock, merchantId),
        dueCharges: { attempted: due.attempted, approved: due.approved, declined: due.declined, failed: due.failed },
      };
    },
  );
}
