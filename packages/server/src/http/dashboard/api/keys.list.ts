import type { FastifyInstance } from 'fastify';
import { listMerchantKeys } from '../../../domain/dashboard/keys.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { KeyList } from '../../../schemas/dashboard/keys.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { keyToWire } from './key.wire.js';

/** GET /dashboard/api/v1/keys: the merchant's processing entities, each with its own REST 2.0 keys. */
export function registerListKeys(app: FastifyInstance): void {
  app.get(
    `${API_BASE}/keys`,
    {
      onRequest: permit('keys.read'),
      schema: {
        summary: 'List REST 2.0 keys',
        description:
          'Every processing entity of the merchant with its own keys (an entity never lists its parent’s). Never a secret.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        response: { 200: KeyList, ...ERRORS },
      },
    },
    async (request): Promise<KeyList> => {
      const rows = await listMerchantKeys(app.services.deps, userOf(request));
      return {
        entities: rows.map(({ entity, keys }) => ({
          id: entity.id,
          name: entity.name,
          parentId: entity.parentId,
          keys: keys.map(keyToWire),
        })),
      };
    },
  );
}
