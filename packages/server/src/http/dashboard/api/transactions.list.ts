import type { FastifyInstance } from 'fastify';
import { searchTransactions, transactionFilterOf } from '../../../domain/dashboard/transactions.service.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { TransactionPage, TransactionSearch } from '../../../schemas/dashboard/transactions.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { transactionToWire } from './transaction.wire.js';

/** GET /dashboard/api/v1/transactions: the merchant's transactions, newest first, filtered, keyset-paged. */
export function registerListTransactions(app: FastifyInstance): void {
  app.get<{ Querystring: TransactionSearch }>(
    `${API_BASE}/transactions`,
    {
      onRequest: permit('transactions.read'),
      schema: {
        summary: 'Search transactions',
        description:
          'The signed-in user’s merchant’s transactions, newest first. `query` is a transactionId or an orderId (exactly); `from`/`to` bound the creation time; `minAmount`/`maxAmount` are major units. Page with `nextCursor`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        querystring: TransactionSearch,
        response: { 200: TransactionPage, ...ERRORS },
      },
    },
    async (request): Promise<TransactionPage> => {
      const filter = transactionFilterOf(userOf(request).merchantId, request.query);
      const page = await searchTransactions(app.services.deps, filter);
      return { items: page.items.map(transactionToWire), nextCursor: page.nextCursor };
    },
  );
}
