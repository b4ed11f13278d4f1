import type { FastifyInstance } from 'fastify';
import { listDeliveries } from '../../../domain/notifications/notification.service.js';
import { actionsOn, merchantTransaction, timelineOf } from '../../../domain/dashboard/transactions.service.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { TransactionDetail } from '../../../schemas/dashboard/transactions.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { transactionToWire } from './transaction.wire.js';

/** GET /dashboard/api/v1/transactions/{id}: one transaction, its order's timeline, notifications, actions. */
export function registerShowTransaction(app: FastifyInstance): void {
  app.get<{ Params: IdParams }>(
    `${API_BASE}/transactions/:id`,
    {
      onRequest: permit('transactions.read'),
      schema: {
        summary: 'Show a transaction',
        description:
          'The transaction, every transaction of its order oldest first (auth, 3-D Secure, settle, refunds, voids), its notifications, and what the signed-in user may do to it now. Another merchant’s id is 404.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        response: { 200: TransactionDetail, ...ERRORS },
      },
    },
    async (request): Promise<TransactionDetail> => {
      const deps = app.services.deps;
      const user = userOf(request);
      const tx = await merchantTransaction(deps, user, request.params.id);
      const timeline = await timelineOf(deps, tx);
      const deliveries = await listDeliveries(deps, { merchantId: user.merchantId, transactionId: tx.id, limit: 50 });
      return {
        transaction: transactionToWire(tx),
        timeline: (timeline.length > 0 ? timeline : [tx]).map(transactionToWire),
        notifications: deliveries.map((d) => {
          const last = d.attemptLog.at(-1);
          return {
            id: d.id,
            kind: d.kind,
            status: d.status,
            attempts: d.attempts,
            lastAttemptAt: last ? new Date(last.startedAt).toISOString() : null,
          };
        }),
        actions: actionsOn(user, tx, deps.clock.now()),
      };
    },
  );
}
