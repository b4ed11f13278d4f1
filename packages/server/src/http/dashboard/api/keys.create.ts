import type { FastifyInstance } from 'fastify';
import { createMerchantKey } from '../../../domain/dashboard/keys.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { CreatedKey, CreateKey } from '../../../schemas/dashboard/keys.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { keyToWire } from './key.wire.js';

/** POST /dashboard/api/v1/keys: a new REST 2.0 key; its secret is in this answer only. */
export function registerCreateKey(app: FastifyInstance): void {
  app.post<{ Body: CreateKey }>(
    `${API_BASE}/keys`,
    {
      onRequest: permit('keys.manage'),
      schema: {
        summary: 'Create a REST 2.0 key',
        description:
          'A key for a processing entity of the merchant. `plaintext` is shown in this answer and never again. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        body: CreateKey,
        response: { 201: CreatedKey, ...ERRORS },
      },
    },
    async (request, reply) => {
      const made = await createMerchantKey(app.services.deps, userOf(request), request.body);
      const answer: CreatedKey = { key: keyToWire(made.key), plaintext: made.plaintext.expose() };
      return reply.code(201).send(answer);
    },
  );
}
