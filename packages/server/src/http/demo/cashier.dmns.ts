import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { CashierContext } from './cashier-back-office.js';

/** The DMN fields the cashier shows. */
const SHOWN = [
  'Status',
  'wdRequestId',
  'wdRequestStatus',
  'wdOrderId',
  'wdOrderStatus',
  'PPP_TransactionID',
  'totalAmount',
  'currency',
  'user_token_id',
  'responseTimeStamp',
];

/**
 * `GET /demo/cashier/dmns?wd=<wdRequestId>`: the DMNs of the sandbox inbox that carry that request's id
 * (the request's own and its orders'), oldest first, each with its checksum verdict.
 */
export function cashierDmnsRoute(app: FastifyInstance, ctx: CashierContext): void {
  app.get<{ Querystring: { wd: string } }>(
    '/demo/cashier/dmns',
    { schema: { hide: true, querystring: Type.Object({ wd: Type.String({ pattern: '^[0-9]{1,20}$' }) }) } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const dmns = (await ctx.inboxEntries()).filter(
        (e) => e.kind === 'dmn' && (e.body as Record<string, string>).wdRequestId === request.query.wd,
      );
      return {
        notifications: dmns.reverse().map((e) => {
          const f = e.body as Record<string, string>;
          return {
            receivedAt: e.receivedAt,
            checksumValid: e.verified,
            fields: Object.fromEntries(SHOWN.filter((k) => k in f).map((k) => [k, f[k]])),
          };
        }),
      };
    },
  );
}
