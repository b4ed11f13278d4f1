import type { FastifyInstance } from 'fastify';
import { pendingApmPage } from '../../../domain/dashboard/apm.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { ApmPage, PageQuery } from '../../../schemas/dashboard/withdrawals.schema.js';
import { completesApm } from './apm-payments.complete.js';
import { API_BASE, permit, userOf } from './auth.js';
import { transactionToWire } from './transaction.wire.js';
import { pageOf } from './withdrawals.list.js';

/** GET /dashboard/api/v1/apm-payments: the merchant's APM payments waiting for the provider. */
export function registerListApmPayments(app: FastifyInstance): void {
  app.get<{ Querystring: PageQuery }>(
    `${API_BASE}/apm-payments`,
    {
      onRequest: permit('transactions.read'),
      schema: {
        summary: 'List APM payments pending completion',
        description:
          'The signed-in user’s merchant’s APM payments still pending, waiting on the shopper’s page or on the provider, newest first. `completable` is false in production mode, where only the operator completes them. Page with `nextCursor`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        querystring: PageQuery,
        response: { 200: ApmPage, ...ERRORS },
      },
    },
    async (request): Promise<ApmPage> => {
      const page = await pendingApmPage(app.services.deps, userOf(request), pageOf(request.query));
      return {
        items: page.items.map((tx) => ({
          transaction: transactionToWire(tx),
          method: tx.apm?.method ?? '',
          awaiting: tx.awaiting === 'shopper' ? 'shopper' : 'operator',
        })),
        nextCursor: page.nextCursor,
        completable: completesApm(app),
      };
    },
  );
}
