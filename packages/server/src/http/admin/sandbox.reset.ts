import type { FastifyInstance } from 'fastify';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { ResetResult, SandboxSiteBody } from '../../schemas/admin/sandbox-triggers.schema.js';
import { resetMerchantData } from '../../store/sandbox-reset.js';
import { adminAuth } from './auth.js';
import { sandboxCallerOf, sandboxOnly } from './sandbox.triggers.js';

/**
 * POST /admin/v1/sandbox/reset (docs/sandbox.md, docs/decisions/0931): deletes one merchant's sandbox
 * activity and keeps its configuration (sites, entities, keys, secrets, settings). Never in production mode.
 */
export function registerSandboxReset(app: FastifyInstance): void {
  app.post<{ Body: SandboxSiteBody | undefined }>(
    '/admin/v1/sandbox/reset',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: "Reset a merchant's sandbox data",
        description:
          "Deletes the merchant's orders, sessions, transactions, users and stored payment options, plans and subscriptions, withdrawals, platform sellers, payouts and splits, idempotency records and notifications with their delivery log. The merchant, its sites, processing entities, API keys, webhook secrets and site settings stay, so the same credentials keep working. Other merchants are not touched. A merchant's Operations key resets its own merchant; an operator credential names a site (`merchantSiteId`) of the merchant to reset. Sandbox mode only (404 `Sandbox only` in production mode).",
        tags: ['admin'],
        security: [{ apiKey: [] }],
        body: SandboxSiteBody,
        response: { 200: ResetResult, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request) => {
      sandboxOnly(app);
      const ctx = await sandboxCallerOf(app, request, request.body?.merchantSiteId);
      const deleted = await app.services.store.write((trx) => resetMerchantData(trx, ctx.merchantId));
      return { merchantId: ctx.merchantId, deleted };
    },
  );
}
