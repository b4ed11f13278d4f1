import type { FastifyInstance } from 'fastify';
import { searchTransactions, transactionFilterOf } from '../../domain/dashboard/transactions.service.js';
import { AdminErrorResponse } from '../../schemas/admin/deliveries.schema.js';
import { AdminTransactionPage, AdminTransactionSearch } from '../../schemas/admin/transactions.schema.js';
import { transactionToWire } from '../shared/transaction-list.wire.js';
import { adminAuth, callerOf } from './auth.js';

/**
 * GET /admin/v1/transactions: the API key's merchant's transactions, newest first, searched as the
 * control panel searches them (the same domain function, filters and cursor; docs/dashboard.md).
 */
export function registerListTransactions(app: FastifyInstance): void {
  app.get<{ Querystring: AdminTransactionSearch }>(
    '/admin/v1/transactions',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'Search transactions',
        description:
          'The Operations key’s merchant’s transactions, newest first: the control panel’s search. `query` is a transactionId or an orderId (exactly); `status`, `type`, `last4`, `minAmount`/`maxAmount` (major units) and `from`/`to` (creation time) filter; page with `nextCursor` as `cursor`. A merchant sees only its own transactions; an operator credential is refused (403): the list is per merchant.',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        querystring: AdminTransactionSearch,
        response: { 200: AdminTransactionPage, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request): Promise<AdminTransactionPage> => {
      const filter = transactionFilterOf(callerOf(request).merchantId, request.query);
      const page = await searchTransactions(app.services.deps, filter);
      return { transactions: page.items.map(transactionToWire), nextCursor: page.nextCursor };
    },
  );
}
