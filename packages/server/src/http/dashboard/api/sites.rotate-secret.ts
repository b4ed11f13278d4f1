import type { FastifyInstance } from 'fastify';
import { refreshDemoWebhookSecret } from '../../../bootstrap/demo.js';
import { rotateMerchantWebhookSecret } from '../../../domain/dashboard/sites.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { RotatedSecret } from '../../../schemas/dashboard/sites.schema.js';
import { NoBody } from '../../../schemas/dashboard/upos.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { siteToWire } from './site.wire.js';

/** POST /dashboard/api/v1/sites/{id}/webhook-secret: `gatehouse webhooks rotate-secret`; the new secret shown once. */
export function registerRotateSiteSecret(app: FastifyInstance): void {
  app.post<{ Params: IdParams; Body: NoBody }>(
    `${API_BASE}/sites/:id/webhook-secret`,
    {
      onRequest: permit('sites.manage'),
      schema: {
        summary: 'Rotate a site’s webhook signing secret',
        description:
          'A new secret signs every webhook from now on; `webhookSecret` is in this answer only, never again. The old secret signs beside it until `previousValidUntil` (24 h), as with the CLI. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        body: NoBody,
        response: { 201: RotatedSecret, ...ERRORS },
      },
    },
    async (request, reply) => {
      const r = await rotateMerchantWebhookSecret(app.services.deps, userOf(request), request.params.id);
      // the demo site's secret also lives in demo-credentials.json: kept true, as the CLI does
      await refreshDemoWebhookSecret(app.services.config.dataDir, request.params.id, r.secret.expose());
      const answer: RotatedSecret = {
        site: siteToWire(r.view),
        webhookSecret: r.secret.expose(),
        previousValidUntil: r.previousValidUntil === null ? null : new Date(r.previousValidUntil).toISOString(),
      };
      return reply.code(201).send(answer);
    },
  );
}
