import type { FastifyInstance } from 'fastify';
import { listMerchantUpos } from '../../../domain/dashboard/upos.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { UpoList, UpoQuery } from '../../../schemas/dashboard/upos.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { upoToWire } from './upo.wire.js';

/** GET /dashboard/api/v1/payment-options?userTokenId=: a customer's stored payment options on the merchant's sites. */
export function registerListPaymentOptions(app: FastifyInstance): void {
  app.get<{ Querystring: UpoQuery }>(
    `${API_BASE}/payment-options`,
    {
      onRequest: permit('upos.read'),
      schema: {
        summary: 'List a customer’s stored payment options',
        description:
          'The live UPOs of `userTokenId` on every site of the merchant, as getUserUPOs lists them: masked card numbers and APM accounts only.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        querystring: UpoQuery,
        response: { 200: UpoList, ...ERRORS },
      },
    },
    async (request): Promise<UpoList> => {
      const upos = await listMerchantUpos(app.services.deps, userOf(request), request.query.userTokenId);
      return { items: upos.map(upoToWire) };
    },
  );
}
