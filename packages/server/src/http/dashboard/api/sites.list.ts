import type { FastifyInstance } from 'fastify';
import { listMerchantSites } from '../../../domain/dashboard/sites.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { SiteList } from '../../../schemas/dashboard/sites.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { siteToWire } from './site.wire.js';

/** GET /dashboard/api/v1/sites: the merchant's sites and their settings (never a secret). */
export function registerListSites(app: FastifyInstance): void {
  app.get(
    `${API_BASE}/sites`,
    {
      onRequest: permit('sites.read'),
      schema: {
        summary: 'List the merchant’s sites',
        description:
          'Each site with its DMN address, session API settings and since when its webhook secret signs. No secret is ever listed.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        response: { 200: SiteList, ...ERRORS },
      },
    },
    async (request): Promise<SiteList> => ({
      items: (await listMerchantSites(app.services.deps, userOf(request))).map(siteToWire),
    }),
  );
}
