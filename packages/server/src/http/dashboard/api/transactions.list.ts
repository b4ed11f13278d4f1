import type { FastifyInstance } from 'fastify';
import { amountBounds, searchTransactions } from '../../../domain/dashboard/transactions.service.js';
import { Invalid } from '../../../domain/errors.js';
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
      const q = request.query;
      const time = (text: string | undefined, field: string) => {
        if (text === undefined) return undefined;
        const ms = Date.parse(text);
        if (Number.isNaN(ms)) throw new Invalid(field, 'must be an ISO 8601 time');
        return ms;
      };
      const cursor = q.cursor;
      if (cursor !== undefined && !/^\d{1,20}$/.test(cursor))
        throw new Invalid('cursor', 'is not a cursor of this list');
      const query = q.query?.trim();
      if (query !== undefined && query !== '' && !/^\d{1,20}$/.test(query)) {
        return { items: [], nextCursor: null };
      }
      const limit = q.limit === undefined ? 25 : Number(q.limit);
      if (limit < 1 || limit > 100) throw new Invalid('limit', 'must be from 1 to 100');
      const from = time(q.from, 'from');
      const to = time(q.to, 'to');
      const page = await searchTransactions(app.services.deps, {
        merchantId: userOf(request).merchantId,
        ...(query ? { query } : {}),
        ...(q.status !== undefined ? { status: q.status.toLowerCase() } : {}),
        ...(q.type !== undefined && q.type !== '' ? { type: q.type } : {}),
        ...(q.last4 !== undefined ? { last4: q.last4 } : {}),
        ...(q.minAmount !== undefined ? { min: amountBounds(q.minAmount, 'minAmount') } : {}),
        ...(q.maxAmount !== undefined ? { max: amountBounds(q.maxAmount, 'maxAmount') } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
        ...(cursor !== undefined ? { before: cursor } : {}),
        limit,
      });
      return { items: page.items.map(transactionToWire), nextCursor: page.nextCursor };
    },
  );
}
