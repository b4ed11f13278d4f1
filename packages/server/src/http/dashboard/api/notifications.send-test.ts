import type { FastifyInstance } from 'fastify';
import { appendAudit } from '../../../domain/dashboard/audit.js';
import { NotFound } from '../../../domain/errors.js';
import { sendTestNotification } from '../../../domain/notifications/notification.service.js';
import { realNow } from '../../../lib/clock.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { NotificationWire, SendTestNotificationBody } from '../../../schemas/dashboard/notifications.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { ForbiddenHere } from './errors.js';
import { notificationToWire } from './notifications.list.js';

/**
 * POST /dashboard/api/v1/notifications/test: the admin API's test notification (a signed sample
 * `test.notification` webhook or DMN from one of the merchant's sites to a URL), for the signed-in user.
 * Sandbox mode only, as `POST /admin/v1/test-notifications`.
 */
export function registerSendTestNotification(app: FastifyInstance): void {
  app.post<{ Body: SendTestNotificationBody }>(
    `${API_BASE}/notifications/test`,
    {
      onRequest: permit('notifications.resend'),
      schema: {
        summary: 'Send a test notification (sandbox)',
        description:
          'Queues a sample `test.notification` webhook (signed with the site’s webhook secret) or DMN (with `advanceResponseChecksum`) from the merchant’s site `siteId` (its first site by default) to `url`, delivered and retried like any other, as `POST /admin/v1/test-notifications` does. Sandbox mode only: 403 `forbidden` in production mode. 404 for a site of another merchant. Written to the audit log. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        body: SendTestNotificationBody,
        response: { 202: NotificationWire, ...ERRORS },
      },
    },
    async (request, reply) => {
      if (app.services.config.GATEHOUSE_MODE === 'production')
        throw new ForbiddenHere('Test notifications are sent in sandbox mode only');
      const user = userOf(request);
      const deps = app.services.deps;
      const sites = await deps.storage.read.merchants.listSites(user.merchantId);
      const { siteId } = request.body;
      const site = siteId === undefined ? sites[0] : sites.find((s) => s.id === siteId);
      if (!site) throw new NotFound('site');
      const d = await sendTestNotification(
        deps,
        { merchantId: user.merchantId, siteId: site.id },
        { kind: request.body.kind, url: request.body.url },
      );
      await deps.storage.write((repos) =>
        appendAudit(repos, user, realNow(deps.clock), 'notification.test', d.id, {
          kind: d.kind,
          url: request.body.url,
        }),
      );
      return reply.code(202).send(notificationToWire(d));
    },
  );
}
