import type { FastifyInstance } from 'fastify';
import { GetNetDepositsRequest, NetDepositsResponse } from '../../schemas/session/withdrawal-orders.schema.js';
import { netDepositsAnswer, withdrawalOrderRoute } from './withdrawal-orders.method.js';

/** `POST /ppp/api/withdrawal/getUserPaymentMethodNetDeposits.do` (docs/withdrawals.md). */
export function registerGetUserPaymentMethodNetDeposits(app: FastifyInstance): void {
  const r = withdrawalOrderRoute(app, {
    method: 'getUserPaymentMethodNetDeposits',
    summary: "Get the net deposits of a user's payment method",
    description: 'The same figures as getNetDeposits for one UPO; country is accepted and not used.',
    body: GetNetDepositsRequest,
    response: NetDepositsResponse,
    handle: (ctx, b) => netDepositsAnswer(app.services.deps, ctx, b),
  });
  app.post(r.url, r.options, r.handler);
}
