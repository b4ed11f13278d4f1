import type { FastifyInstance } from 'fastify';
import { formatDecimal } from '../../lib/money.js';
import { refundCandidatesOf } from '../../domain/withdrawals/net-deposits.service.js';
import { wdDate } from '../shared/withdrawal.render.js';
import {
  GetCandidatesForRefundRequest,
  RefundCandidatesResponse,
} from '../../schemas/session/withdrawal-orders.schema.js';
import { withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/getCandidatesForRefund.do` (docs/withdrawals.md). */
export function registerGetCandidatesForRefund(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const r = withdrawalOrderRoute(app, {
    method: 'getCandidatesForRefund',
    summary: 'List deposits a withdrawal could refund',
    description:
      "The approved deposits (Sale, Settle) made by the request's user with the request's card, in its currency, not yet fully refunded.",
    body: GetCandidatesForRefundRequest,
    response: RefundCandidatesResponse,
    handle: async (ctx, b) => {
      const list = await refundCandidatesOf(deps(), ctx, String(b.wdRequestId));
      return {
        merchantId: ctx.merchantId,
        merchantSiteId: ctx.siteId,
        transactionsDetailList: list.map((c) => ({
          transactionId: c.transactionId,
          transactionType: c.type,
          amount: formatDecimal(c.amount, c.currency),
          refundedAmount: formatDecimal(c.refunded, c.currency),
          availableAmount: formatDecimal(c.amount - c.refunded, c.currency),
          currency: c.currency,
          transactionDate: wdDate(c.createdAt),
        })),
      };
    },
  });
  app.post(r.url, r.options, r.handler);
}
