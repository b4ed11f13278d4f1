import type { FastifyInstance } from 'fastify';
import { privateTargetReasonResolved, refusesPrivateTargets } from '../../../delivery/private-network.js';
import { changeMerchantSite } from '../../../domain/dashboard/sites.service.js';
import { Invalid } from '../../../domain/errors.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { SiteAnswer, UpdateSite } from '../../../schemas/dashboard/sites.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { siteToWire } from './site.wire.js';

/**
 * PATCH /dashboard/api/v1/sites/{id}: the site's DMN address (`gatehouse sites set-notification-url`)
 * and session API settings (`gatehouse sites configure`), each part given.
 */
export function registerUpdateSite(app: FastifyInstance): void {
  app.patch<{ Params: IdParams; Body: UpdateSite }>(
    `${API_BASE}/sites/:id`,
    {
      onRequest: permit('sites.manage'),
      schema: {
        summary: 'Change a site’s settings',
        description:
          'Any of `notificationUrl` (null removes it; in production mode a private address is refused), `uniqueClientRequestId`, `unreferencedRefundLimit`, `sessionDeclineLimit` (null: no limit). Another merchant’s site is 404. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        body: UpdateSite,
        response: { 200: SiteAnswer, ...ERRORS },
      },
    },
    async (request): Promise<SiteAnswer> => {
      const url = request.body.notificationUrl;
      // Production mode: a private, loopback or link-local target is refused here, as by the CLI.
      const refused =
        url && refusesPrivateTargets(app.services.config) ? await privateTargetReasonResolved(url) : undefined;
      if (refused) throw new Invalid('notificationUrl', refused);
      const view = await changeMerchantSite(app.services.deps, userOf(request), request.params.id, request.body);
      return { site: siteToWire(view) };
    },
  );
}
