import type { FastifyInstance } from 'fastify';
import { sendTestNotification } from '../../domain/notifications/notification.service.js';
import { AdminErrorResponse, DeliveryWire, TestNotificationRequest } from '../../schemas/admin/deliveries.schema.js';
import { adminAuth, callerOf } from './auth.js';
import { deliveryToWire } from './delivery.wire.js';

/**
 * POST /admin/v1/test-notifications (sandbox mode only): queues a signed sample webhook or DMN
 * (`test.notification`) from the key's site to a URL, to check a receiver before any payment.
 */
export function registerTestNotification(app: FastifyInstance): void {
  app.post<{ Body: TestNotificationRequest }>(
    '/admin/v1/test-notifications',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'Send a test notification (sandbox)',
        description:
          'Queues a sample `test.notification` webhook (signed with the site’s webhook secret) or DMN (with `advanceResponseChecksum`) to `url`, delivered and retried like any other. Sandbox mode only.',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        body: TestNotificationRequest,
        response: { 202: DeliveryWire, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request, reply) => {
      const ctx = callerOf(request);
      const d = await sendTestNotification(app.services.deps, ctx, request.body);
      return reply.code(202).send(deliveryToWire(d));
    },
  );
}
