import type { FastifyInstance } from 'fastify';
import { Invalid } from '../../domain/errors.js';
import { runDueCharges } from '../../domain/rebilling/due-charges.service.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { RunDueChargesBody, RunDueChargesResult } from '../../schemas/admin/rebilling.schema.js';
import { adminAuth, scopeOf } from './auth.js';

/**
 * POST /admin/v1/sandbox/rebilling/run-due (sandbox mode only): charges the key's merchant's
 * subscriptions due at `at` (default now), as the scheduler would, so a sandbox user can see a month
 * of rebilling without waiting a month. Running it twice for the same instant charges nothing twice.
 */
export function registerRunDueCharges(app: FastifyInstance): void {
  app.post<{ Body: RunDueChargesBody }>(
    '/admin/v1/sandbox/rebilling/run-due',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'Run the due subscription charges (sandbox)',
        description:
          "Charges every subscription of the key's merchant due at `at` (ISO 8601; default the gateway's now): each due cycle is a Sale of the subscription's UPO with isRebilling and a DMN. Cycles already charged are not charged again. Sandbox mode only (404 in production mode).",
        tags: ['admin'],
        security: [{ apiKey: [] }],
        body: RunDueChargesBody,
        response: { 200: RunDueChargesResult, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request) => {
      const { merchantId } = scopeOf(request);
      const text = request.body?.at;
      const at = text === undefined ? undefined : Date.parse(text);
      if (at !== undefined && Number.isNaN(at)) throw new Invalid('at', 'must be an ISO 8601 date and time');
      const r = await runDueCharges(app.services.deps, {
        ...(merchantId !== undefined ? { merchantId } : {}),
        ...(at !== undefined ? { at } : {}),
      });
      return { ...r, at: new Date(r.at).toISOString() };
    },
  );
}
