import type { FastifyInstance } from 'fastify';
import { listMerchantWithdrawals } from '../../../domain/dashboard/withdrawals.service.js';
import { Invalid } from '../../../domain/errors.js';
import type { WithdrawalStatus } from '../../../domain/withdrawals/withdrawal.types.js';
import { ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { WithdrawalPage, WithdrawalSearch } from '../../../schemas/dashboard/withdrawals.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { withdrawalToWire } from './withdrawal.wire.js';

/** `limit` (1–100, default 25) and `cursor` (an id) of a panel list. */
export function pageOf(q: { cursor?: string; limit?: string }): { before?: string; limit: number } {
  if (q.cursor !== undefined && !/^\d{1,20}$/.test(q.cursor))
    throw new Invalid('cursor', 'is not a cursor of this list');
  const limit = q.limit === undefined ? 25 : Number(q.limit);
  if (limit < 1 || limit > 100) throw new Invalid('limit', 'must be from 1 to 100');
  return { ...(q.cursor !== undefined ? { before: q.cursor } : {}), limit };
}

/** GET /dashboard/api/v1/withdrawals: the merchant's withdrawal requests with their orders, newest first. */
export function registerListWithdrawals(app: FastifyInstance): void {
  app.get<{ Querystring: WithdrawalSearch }>(
    `${API_BASE}/withdrawals`,
    {
      onRequest: permit('withdrawals.read'),
      schema: {
        summary: 'List withdrawal requests',
        description:
          'The signed-in user’s merchant’s withdrawal requests, newest first, each with its user, amount, UPO, status and withdrawal orders; `status` filters by wdRequestStatus. Page with `nextCursor`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        querystring: WithdrawalSearch,
        response: { 200: WithdrawalPage, ...ERRORS },
      },
    },
    async (request): Promise<WithdrawalPage> => {
      const q = request.query;
      // Pending on the wire also covers the internal Processing of an earlier version (docs/decisions/0508)
      const statuses: WithdrawalStatus[] | undefined =
        q.status === undefined ? undefined : q.status === 'Pending' ? ['Pending', 'Processing'] : [q.status];
      const page = await listMerchantWithdrawals(app.services.deps, userOf(request), {
        ...pageOf(q),
        ...(statuses ? { statuses } : {}),
      });
      return { items: page.items.map(withdrawalToWire), nextCursor: page.nextCursor };
    },
  );
}
