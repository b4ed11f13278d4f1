import type { FastifyInstance } from 'fastify';
import { revokeMerchantKey } from '../../../domain/dashboard/keys.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { KeyAnswer } from '../../../schemas/dashboard/keys.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { keyToWire } from './key.wire.js';

/** DELETE /dashboard/api/v1/keys/{id}: revokes a key; it is refused (401 `7300.3000`) from the next request on. */
export function registerRevokeKey(app: FastifyInstance): void {
  app.delete<{ Params: IdParams }>(
    `${API_BASE}/keys/:id`,
    {
      onRequest: permit('keys.manage'),
      schema: {
        summary: 'Revoke a REST 2.0 key',
        description:
          'The key is refused from the next request on. Another merchant’s key is 404. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        response: { 200: KeyAnswer, ...ERRORS },
      },
    },
    async (request): Promise<KeyAnswer> => {
      const key = await revokeMerchantKey(app.services.deps, userOf(request), request.params.id);
      return { key: keyToWire(key) };
    },
  );
}
