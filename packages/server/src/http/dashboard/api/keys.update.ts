import type { FastifyInstance } from 'fastify';
import { relabelMerchantKey } from '../../../domain/dashboard/keys.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { KeyAnswer, UpdateKey } from '../../../schemas/dashboard/keys.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { keyToWire } from './key.wire.js';

/** PATCH /dashboard/api/v1/keys/{id}: a key's new label. */
export function registerUpdateKey(app: FastifyInstance): void {
  app.patch<{ Params: IdParams; Body: UpdateKey }>(
    `${API_BASE}/keys/:id`,
    {
      onRequest: permit('keys.manage'),
      schema: {
        summary: 'Relabel a REST 2.0 key',
        description: 'Another merchant’s key is 404. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        body: UpdateKey,
        response: { 200: KeyAnswer, ...ERRORS },
      },
    },
    async (request): Promise<KeyAnswer> => {
      const key = await relabelMerchantKey(app.services.deps, userOf(request), request.params.id, request.body.label);
      return { key: keyToWire(key) };
    },
  );
}
