import type { FastifyInstance } from 'fastify';
import { chaosOf, clearChaos, NO_CHAOS, setChaos } from '../../delivery/delivery-chaos.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { DeliveryChaosRequest, DeliveryChaosWire } from '../../schemas/admin/delivery-chaos.schema.js';
import { adminAuth, callerOf } from './auth.js';

const common = { tags: ['admin'], security: [{ apiKey: [] }] };
const errors = { '4xx': AdminErrorResponse, 500: AdminErrorResponse };

/**
 * /admin/v1/delivery-chaos (sandbox mode only): the key's site asks its own webhooks and DMNs to be
 * dropped, delayed, duplicated or reordered at given rates, to test its receiver's idempotency
 * (docs/decisions/0922). An operator credential is refused (403): the setting is the site's.
 */
export function registerDeliveryChaos(app: FastifyInstance): void {
  const { store, deps } = app.services;

  app.get(
    '/admin/v1/delivery-chaos',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Show the site’s delivery chaos (sandbox)',
        response: { 200: DeliveryChaosWire, ...errors },
      },
    },
    async (request): Promise<DeliveryChaosWire> => (await chaosOf(store, callerOf(request).siteId)) ?? NO_CHAOS,
  );

  app.put<{ Body: DeliveryChaosRequest }>(
    '/admin/v1/delivery-chaos',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Set the site’s delivery chaos (sandbox)',
        description:
          'Replaces the settings: each mode’s rate from 0 (off) to 1 (every notification). Whether a mode strikes a notification is decided from its id and attempt, so the same run gives the same chaos. All rates 0 turns chaos off.',
        body: DeliveryChaosRequest,
        response: { 200: DeliveryChaosWire, ...errors },
      },
    },
    async (request): Promise<DeliveryChaosWire> => setChaos(store, callerOf(request), request.body, deps.clock.now()),
  );

  app.delete(
    '/admin/v1/delivery-chaos',
    {
      onRequest: adminAuth(app),
      schema: {
        ...common,
        summary: 'Turn the site’s delivery chaos off (sandbox)',
        response: { 204: { type: 'null', description: 'off' }, ...errors },
      },
    },
    async (request, reply) => {
      await clearChaos(store, callerOf(request).siteId);
      return reply.code(204).send();
    },
  );
}
